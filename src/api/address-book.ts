import { z } from 'zod'
import type { GroupAdd, GroupMod, MemberAdd, MemberMod } from '@/domain/address-book-write'
import type { ImportPreview, ImportResult } from '@/domain/contact-import'
import { groupRowSchema } from '@/domain/lists/address-book'
import type { LoadedOption } from '@/grid/define-list'
import { listKeys } from '@/grid/keys'
import { groupNumberKeys } from './group-numbers'
import { api, apiEnvelope } from './http'
import { queryClient } from './query-client'
import { upload } from './transfer'

/** Address book editing (src/domain/address-book-write.ts). The success words come from the server; callers toast them. */

const CONTACTS = 'address-book.contacts'
const GROUPS = 'address-book.groups'

/**
 * A contact change moves the groups' member counts and the send pages' group sources, so both lists' pages and
 * the group sources are refetched, by prefix.
 */
function invalidate() {
  for (const id of [CONTACTS, GROUPS]) void queryClient.invalidateQueries({ queryKey: listKeys.list(id) })
  void queryClient.invalidateQueries({ queryKey: GROUP_CHOICES })
  void queryClient.invalidateQueries({ queryKey: groupNumberKeys.all })
}

const write = async (path: string, body: unknown) => {
  try {
    return (await apiEnvelope(`/addressBook/${path}`, body)).msg
  } finally {
    invalidate()
  }
}

export const addGroup = (p: GroupAdd) => write('addressBookGroupAdd', p)
export const modifyGroup = (p: GroupMod) => write('addressBookGroupMod', p)
export const deleteGroup = (group_id: number, with_members: boolean) => write('addressBookGroupDel', { group_id, with_members })
export const addMember = (p: MemberAdd) => write('addressBookMemberAdd', p)
export const modifyMember = (p: MemberMod) => write('addressBookMemberMod', p)
export const deleteMembers = (ids: number[]) => write('addressBookMemberDel', { ids })
export const moveMembers = (ids: number[], group_id: number) => write('addressBookMemberMove', { ids, group_id })

/** The caller's own groups (the only ones it may put contacts in), newest first; a page of the list at its largest. */
export async function fetchOwnGroups(cusId: string): Promise<{ group_id: number; group_name: string }[]> {
  const page = await api<{ records: unknown[] }>('/addressBook/groupList', { pageSize: 500, orderBy: 'group_name', order: 'asc' })
  return z.array(groupRowSchema).parse(page.records).filter((g) => g.cus_id === cusId)
}

const GROUP_CHOICES = ['address-book.group-choices'] as const

/**
 * The groups the caller sees (its own, its sub-accounts', every one for an administrator) as the contacts list's
 * group filter, by name; the account beside the name when they belong to more than one.
 */
export const groupChoicesQuery = {
  queryKey: GROUP_CHOICES,
  queryFn: async (): Promise<LoadedOption[]> => {
    const page = await api<{ records: unknown[] }>('/addressBook/groupList', { pageSize: 500, orderBy: 'group_name', order: 'asc' })
    const groups = z.array(groupRowSchema).parse(page.records)
    const many = new Set(groups.map((g) => g.cus_id)).size > 1
    return groups.map((g) => ({ value: g.group_id, text: many ? `${g.group_name} (${g.cus_id})` : g.group_name }))
  },
}

/** The import's preview: the mapped rows (src/domain/contact-import.ts) checked and kept by the server, nothing added yet. */
export async function uploadImport(group_id: number, rows: Uint8Array): Promise<ImportPreview> {
  const fd = new FormData()
  fd.append('payload', JSON.stringify({ group_id }))
  fd.append('rows', new Blob([rows as BlobPart], { type: 'text/tab-separated-values' }), 'rows.tsv')
  return upload<ImportPreview>('/file/uploadAddressBook', fd, { long: true })
}

/** Adds the uploaded rows to the group, all or none; the same key again (a retry) adds nothing twice. */
export async function commitImport(upload_id: number, idempotency_key: string): Promise<{ msg: string; data: ImportResult }> {
  try {
    const env = await apiEnvelope<ImportResult>('/addressBook/addressBookMemberImport', { upload_id, idempotency_key }, { long: true })
    return { msg: env.msg, data: env.data }
  } finally {
    invalidate()
  }
}
