import { useCallback, useEffect, useRef, useState } from 'react'
import { goTo } from '@/api/navigation'
import { isApiError } from '@/api/errors'
import { confirm } from '@/components/ui/confirm'
import { toast } from '@/components/ui/toast'
import { fieldErrorsSchema } from '@/domain/field-errors'
import { useI18nContext } from '@/i18n/i18n-react'
import { getUserInfo, onLogout } from '@/stores/session'
import { fieldId } from './fields'
import { firstProblem, type Problems } from './problems'
import { useProblemWords, useServerFieldWords } from './words'

/*
 * What both template editors share: the draft (kept while the console is open, so switching tabs or a refused
 * submit loses nothing), the refusals shown next to their fields (the shared schema's before sending, once a submit
 * was tried; the server's `data.fields` after), focus on the first bad field, the busy submit, and start-over.
 */

/*
 * One draft per editor and account, in this browser tab's sessionStorage: leaving the tab, a reload or a refused
 * submit finds it as it was; closing the browser tab or signing out ends it (another account never sees it).
 */
const draftKey = (form: string) => `tpl-draft:${form}:${getUserInfo()?.userInfo.authUser.cusId ?? ''}`
const drafts = {
  get(form: string): unknown {
    try {
      const raw = sessionStorage.getItem(draftKey(form))
      return raw ? JSON.parse(raw) : undefined
    } catch {
      return undefined
    }
  },
  set(form: string, d: unknown) {
    try {
      sessionStorage.setItem(draftKey(form), JSON.stringify(d))
    } catch {
      // A full or disabled storage keeps the draft for this screen only.
    }
  },
  delete(form: string) {
    sessionStorage.removeItem(draftKey(form))
  },
}
onLogout(() => {
  for (const k of Object.keys(sessionStorage)) if (k.startsWith('tpl-draft:')) sessionStorage.removeItem(k)
})

export interface EditorOptions<D> {
  /** 'csp' or 'video': the drafts' key and the input ids' prefix. */
  form: string
  blank: () => D
  problems: (d: D) => Problems
  order: (d: D) => string[]
  dirty: (d: D) => boolean
  /** Sends the draft; resolves with the success words. Rejects with the API client's error. */
  send: (d: D) => Promise<string>
  /** Where a saved template is listed (opened after the success). */
  listPath: string
}

export function useTemplateEditor<D>(o: EditorOptions<D>) {
  const { LL } = useI18nContext()
  const words = useProblemWords()
  const serverWords = useServerFieldWords()
  const [draft, setDraft] = useState<D>(() => (drafts.get(o.form) as D | undefined) ?? o.blank())
  const [attempted, setAttempted] = useState(false)
  const [server, setServer] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const busyRef = useRef(false)
  const [focusPath, setFocusPath] = useState<string | null>(null)

  useEffect(() => {
    drafts.set(o.form, draft)
  }, [o.form, draft])

  // Focus after the render that created the field (a card just added, the first refused field).
  useEffect(() => {
    if (!focusPath) return
    document.getElementById(fieldId(o.form, focusPath))?.focus()
    setFocusPath(null)
  }, [focusPath, o.form])

  const update = useCallback((f: (d: D) => D) => {
    setDraft(f)
    setServer({})
    setFormError(null)
  }, [])

  const local = attempted ? o.problems(draft) : {}
  const shown: Record<string, string> = { ...Object.fromEntries(Object.entries(local).map(([k, p]) => [k, words(p)])), ...server }
  const error = (path: string) => shown[path] ?? null

  const submit = async () => {
    if (busyRef.current) return
    setAttempted(true)
    setFormError(null)
    const found = o.problems(draft)
    if (Object.keys(found).length) {
      setFocusPath(firstProblem(found, o.order(draft)) ?? null)
      toast.info(LL.tplEditor.editor.fixFirst())
      return
    }
    busyRef.current = true
    setBusy(true)
    try {
      const msg = await o.send(draft)
      toast.success(msg)
      drafts.delete(o.form)
      setDraft(o.blank())
      setAttempted(false)
      goTo(o.listPath)
    } catch (e) {
      if (!isApiError(e)) throw e
      if (e.kind === 'aborted') return
      const named = fieldErrorsSchema.safeParse(e.data)
      const fields = named.success ? named.data.fields : {}
      const order = o.order(draft)
      const known = Object.keys(fields).filter((k) => order.includes(k))
      setServer(Object.fromEntries(known.map((k) => [k, serverWords(fields[k], e.message)])))
      if (known.length) setFocusPath(firstProblem(Object.fromEntries(known.map((k) => [k, { key: 'invalidValue', vars: {} }])), order) ?? null)
      else setFormError(e.message)
    } finally {
      busyRef.current = false
      setBusy(false)
    }
  }

  const reset = async () => {
    if (o.dirty(draft) && !(await confirm({ message: LL.tplEditor.editor.resetConfirm(), danger: true, confirmLabel: LL.tplEditor.editor.reset() }))) return
    drafts.delete(o.form)
    setDraft(o.blank())
    setAttempted(false)
    setServer({})
    setFormError(null)
  }

  return { draft, update, error, submit, reset, busy, formError, focus: setFocusPath }
}
