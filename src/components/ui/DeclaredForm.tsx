import { useImperativeHandle, type ReactNode, type Ref } from 'react'
import { useI18nContext } from '@/i18n/i18n-react'
import { Button } from './Button'
import { DeclaredFields } from './DeclaredFields'
import type { FormHandle, FormSpec, Values } from './declared-form-spec'
import { FormDialog } from './FormDialog'
import { mountDialog } from './mount-dialog'
import { toast } from './toast'
import { useDeclaredForm } from './use-declared-form'

export type { FormField, FormHandle, FormSpec } from './declared-form-spec'

const submitWords = <K extends string, Out>(spec: FormSpec<K, Out>, values: Values<K>) =>
  typeof spec.submitLabel === 'function' ? spec.submitLabel(values) : spec.submitLabel

export interface DeclaredFormProps<K extends string, Out> {
  spec: FormSpec<K, Out>
  /** Content after the submit button (a "clear" button, a link). */
  actions?: ReactNode
  /** The first field takes the focus (a page that is this form, as the sign-in). */
  autoFocus?: boolean
  /** Fills its container, the button across it (the sign-in card). */
  block?: boolean
  /** The button on the last field's row, after its addon (a one-field tool: shorten a link). */
  inline?: boolean
  /** The form's handle for its opener (words typed before the page was drawn, set into a field). */
  formRef?: Ref<FormHandle<K>>
}

/**
 * The form primitive of STYLE.md's "every write is data", on a page: fields declared once, checked with their rules
 * and the shared schema before sending, Enter (Ctrl/⌘+Enter in a text area) submits, the button is busy while the
 * call runs, the server's `data.fields` marks fields, and focus goes to the first bad field. The success words are
 * toasted.
 */
export function DeclaredForm<K extends string, Out>({ spec, actions, autoFocus, block, inline, formRef }: DeclaredFormProps<K, Out>) {
  const { LL } = useI18nContext()
  const form = useDeclaredForm(spec, (msg) => msg && toast.success(msg))
  useImperativeHandle(formRef, () => form.handle)
  const label = submitWords(spec, form.values) ?? LL.common.save()
  const button = (
    <Button
      type="submit"
      busy={form.busy}
      className={block && !inline ? 'mt-2 w-full' : ''}
      data-testid={spec.submitTestId ?? (spec.id ? `${spec.id}-submit` : undefined)}
    >
      {form.busy ? (spec.busyLabel ?? label) : label}
    </Button>
  )
  return (
    <form
      noValidate
      data-testid={spec.id}
      className={`flex flex-col gap-1 ${block ? '' : 'max-w-md'}`}
      onSubmit={(e) => {
        e.preventDefault()
        void form.submit()
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.nativeEvent.isComposing && e.nativeEvent.keyCode !== 229) {
          e.preventDefault()
          void form.submit()
        }
      }}
    >
      <DeclaredFields form={form} autoFocus={autoFocus} tail={inline ? button : undefined} />
      {(!inline || actions) && (
        <div className="flex flex-wrap items-center gap-3">
          {!inline && button}
          {actions}
        </div>
      )}
    </form>
  )
}

export interface DeclaredFormDialogProps<K extends string, Out> {
  spec: FormSpec<K, Out>
  title: string
  /** A line under the title (what the form does, a balance). */
  intro?: string
  /** What the form is about, above its fields (the screenshot a feedback describes). */
  lead?: ReactNode
  /** The dialog's width class (max-w-lg without it). */
  width?: string
  saveTestId?: string
  /** The success words, when saved (before the close). */
  onSaved?: (msg: string | void) => void
  onClose: () => void
}

/** The same declared form in a FormDialog (Cancel / Save, Enter and Ctrl/⌘+Enter save); the first field has focus. */
export function DeclaredFormDialog<K extends string, Out>({ spec, title, intro, lead, width, saveTestId, onSaved, onClose }: DeclaredFormDialogProps<K, Out>) {
  const form = useDeclaredForm(spec, (msg) => onSaved?.(msg))
  return (
    <FormDialog
      title={title}
      onSubmit={form.submit}
      onClose={onClose}
      saveTestId={saveTestId}
      saveLabel={submitWords(spec, form.values)}
      testId={spec.id}
      width={width ?? 'max-w-lg'}
    >
      {intro && <p className="mb-2 text-sm text-[var(--muted)]">{intro}</p>}
      {lead}
      <DeclaredFields form={form} autoFocus />
    </FormDialog>
  )
}

/** Opens a declared form in a dialog; resolves with the success words when saved, or with nothing when cancelled. */
export function openFormDialog<K extends string, Out>(props: Omit<DeclaredFormDialogProps<K, Out>, 'onSaved' | 'onClose'>): Promise<string | void> {
  return new Promise((resolve) => {
    let done: string | void = undefined
    mountDialog((close) => (
      <DeclaredFormDialog
        {...props}
        onSaved={(msg) => {
          done = msg
        }}
        onClose={() => {
          close()
          resolve(done)
        }}
      />
    ))
  })
}
