import { createElement } from 'react'
import * as calls from '@/api/address-book'
import { openFormDialog, type FormField } from '@/components/ui/DeclaredForm'
import { mountDialog } from '@/components/ui/mount-dialog'
import { toast } from '@/components/ui/toast'
import { groupAddSchema, memberAddSchema, type GroupAdd, type MemberAdd } from '@/domain/address-book-write'
import type { ImportField } from '@/domain/contact-import'
import type { ContactRow, GroupRow } from '@/domain/lists/address-book'
import type { ImportPlan } from '@/components/import/ImportDialog'
import type { ActionHelpers, Row } from '@/grid'
import type { TranslationFunctions } from '@/i18n/i18n-types'

/*
 * The address book's writes, declared on its two lists (address-book.list.ts): add and edit in a declared form
 * (the shared schemas of src/domain/address-book-write.ts check it before it is sent, the server's field errors
 * mark it after), delete after the numbered-row confirmation, delete and move the checked contacts.
 */
type LL = TranslationFunctions
type GroupKey = 'group_name' | 'remark'
type MemberKey = 'group_id' | 'name' | 'mobile' | 'email' | 'job_number' | 'gender' | 'birthday' | 'remark'

const groupFields = (LL: LL): FormField<GroupKey>[] => [
  { name: 'group_name', label: LL.addressBook.groupName() },
  { name: 'remark', label: LL.addressBook.remark(), kind: 'textarea' },
]

function groupForm(LL: LL, title: string, initial: Partial<Record<GroupKey, string>>, save: (p: GroupAdd) => Promise<string>) {
  return openFormDialog({ title, saveTestId: 'ab-group-save', spec: { id: 'ab-group', fields: groupFields(LL), schema: groupAddSchema, initial, submit: save } })
}

export const addGroup = ({ LL }: ActionHelpers) => groupForm(LL, LL.addressBook.addGroupTitle(), {}, calls.addGroup)

export function editGroup(row: Row, { LL }: ActionHelpers) {
  const g = row as GroupRow
  return groupForm(LL, LL.addressBook.editGroupTitle({ name: g.group_name }), { group_name: g.group_name, remark: g.remark },
    (p) => calls.modifyGroup({ ...p, group_id: g.group_id }))
}

/** The list's confirmation named the contacts that go with it, so the call says so. */
export const deleteGroup = (row: Row) => swallow(calls.deleteGroup(Number(row.group_id), Number(row.member_count) > 0))

/** The caller's own groups as select options, or null (and a word why) when it has none. */
async function groupOptions({ LL, ctx }: ActionHelpers) {
  const groups = await calls.fetchOwnGroups(ctx.authUser.cusId)
  if (!groups.length) {
    toast.info(LL.addressBook.noGroups())
    return null
  }
  return groups.map((g) => ({ value: String(g.group_id), label: g.group_name }))
}

function memberFields(LL: LL, groups: { value: string; label: string }[]): FormField<MemberKey>[] {
  return [
    { name: 'name', label: LL.addressBook.name(), autoComplete: 'off' },
    { name: 'mobile', label: LL.addressBook.mobile(), inputMode: 'numeric', autoComplete: 'off' },
    { name: 'group_id', label: LL.addressBook.group(), kind: 'select', options: groups },
    { name: 'email', label: LL.addressBook.email(), autoComplete: 'off' },
    { name: 'job_number', label: LL.addressBook.jobNumber() },
    {
      name: 'gender', label: LL.addressBook.gender(), kind: 'select',
      options: [{ value: '0', label: LL.status.genderUnknown() }, { value: '1', label: LL.status.genderMale() }, { value: '2', label: LL.status.genderFemale() }],
    },
    { name: 'birthday', label: LL.addressBook.birthday(), hint: LL.addressBook.birthdayHint(), placeholder: 'yyyy-MM-dd' },
    { name: 'remark', label: LL.addressBook.remark(), kind: 'textarea' },
  ]
}

async function memberForm(h: ActionHelpers, title: string, initial: Partial<Record<MemberKey, string>>, save: (p: MemberAdd) => Promise<string>) {
  const groups = await groupOptions(h)
  if (!groups) return
  return openFormDialog({
    title, saveTestId: 'ab-contact-save',
    spec: { id: 'ab-contact', fields: memberFields(h.LL, groups), schema: memberAddSchema, initial, submit: save },
  })
}

/** "Add contact" starts in the group the list is filtered by, when that is one of the caller's. */
export const addContact = (h: ActionHelpers) =>
  memberForm(h, h.LL.addressBook.addContactTitle(), h.search.group_id ? { group_id: String(h.search.group_id) } : {}, calls.addMember)

export function editContact(row: Row, h: ActionHelpers) {
  const c = row as ContactRow
  const initial = {
    group_id: String(c.group_id), name: c.name, mobile: c.mobile, email: c.email, job_number: c.job_number,
    gender: String(c.gender), birthday: c.birthday ?? '', remark: c.remark,
  }
  return memberForm(h, h.LL.addressBook.editContactTitle({ name: c.name }), initial, (p) => calls.modifyMember({ ...p, id: c.id }))
}

const idsOf = (rows: Row[]) => rows.map((r) => Number(r.id))

export const deleteContact = (row: Row) => swallow(calls.deleteMembers([Number(row.id)]))
export const deleteChecked = ({ selected }: ActionHelpers) => swallow(calls.deleteMembers(idsOf(selected)))

export async function moveChecked(h: ActionHelpers) {
  const groups = await groupOptions(h)
  if (!groups) return
  const ids = idsOf(h.selected)
  return openFormDialog({
    title: h.LL.addressBook.moveTitle({ count: ids.length }), intro: h.LL.addressBook.moveIntro(), saveTestId: 'ab-move-save',
    spec: {
      id: 'ab-move', errorField: 'group_id',
      fields: [{ name: 'group_id', label: h.LL.addressBook.targetGroup(), kind: 'select', options: groups }],
      submit: (_, v) => calls.moveMembers(ids, Number(v.group_id)),
    },
  })
}

function contactFieldLabel(LL: LL, field: string): string {
  const ab = LL.addressBook
  const labels: Record<ImportField, () => string> = {
    name: ab.name, mobile: ab.mobile, email: ab.email, job_number: ab.jobNumber, gender: ab.gender, birthday: ab.birthday, remark: ab.remark,
  }
  return labels[field as ImportField]?.() ?? field
}

/** The spreadsheet import (src/components/import) into one of the caller's groups (the one the list is filtered by first). */
export async function importContacts(h: ActionHelpers) {
  const groups = await groupOptions(h)
  if (!groups) return
  const { ImportDialog } = await import('@/components/import/ImportDialog')
  // The group the list is filtered by, else the newest one: a user who has just made a group imports into it.
  const filtered = h.search.group_id ? String(h.search.group_id) : undefined
  const newest = groups.reduce((a, g) => (Number(g.value) > Number(a.value) ? g : a), groups[0]).value
  const initial = groups.some((g) => g.value === filtered) ? filtered : newest
  const ab = h.LL.addressBook
  const plan: ImportPlan = {
    kind: 'contacts', testId: 'ab-import', title: ab.importTitle(), intro: ab.importIntro(),
    fieldLabel: (f) => contactFieldLabel(h.LL, f), shown: ['name', 'mobile'], needsColumns: ab.importNeedsColumns(),
    target: { label: ab.importGroup(), options: groups, initial, needed: ab.importNeedsGroup() },
    upload: async (rows, group) => {
      const p = await calls.uploadImport(Number(group), rows)
      return {
        upload_id: p.upload_id, add: p.add,
        counts: [
          { id: 'add', label: ab.importAdd(), n: p.add }, { id: 'in-group', label: ab.importInGroup(), n: p.in_group },
          { id: 'in-file', label: h.LL.sheetImport.inFile(), n: p.in_file },
        ],
      }
    },
    commit: (id, key) => calls.commitImport(id, key),
    confirmLabel: (count) => ab.importConfirm({ count }), nothing: ab.importNothing(),
  }
  mountDialog((close) => createElement(ImportDialog, { plan, close }))
}

/** A refusal has been toasted by the API client; the list engine refreshes either way. */
async function swallow(p: Promise<string>): Promise<string | void> {
  try {
    return await p
  } catch {
    // shown already
  }
}
