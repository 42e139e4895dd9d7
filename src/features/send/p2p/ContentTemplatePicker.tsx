import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { approvedContentTemplatesQuery } from '@/api/send-p2p'
import { Button } from '@/components/ui/Button'
import type { SmsType } from '@/domain/marketing'
import { Popover } from '@/components/ui/Popover'
import { Spinner } from '@/components/ui/Spinner'
import { useI18nContext } from '@/i18n/i18n-react'
import { moveFocus } from './PlaceholderMenu'

/**
 * "Use an approved template": the account's approved content templates (check_status 2); picking one fills the editor
 * and hands over its type (marketing.ts), which the page's marketing mark follows.
 */
export function ContentTemplatePicker({ onPick }: { onPick: (content: string, type: SmsType) => void }) {
  const { LL } = useI18nContext()
  const t = LL.sendP2p.template
  const [open, setOpen] = useState(false)
  const templates = useQuery({ ...approvedContentTemplatesQuery(), enabled: open })
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      align="start"
      testId="template-picker"
      trigger={<Button variant="secondary" data-testid="pick-template" aria-haspopup="menu">{t.pick()}</Button>}
    >
      <div role="menu" aria-label={t.pickTitle()} onKeyDown={moveFocus} className="flex w-96 max-w-[80vw] flex-col">
        <p className="px-2 pb-1 text-xs text-[var(--muted)]">{t.pickTitle()}</p>
        {templates.isPending && <Spinner size={16} />}
        {templates.isError && <p role="alert" className="px-2 text-[var(--danger)]">{t.templatesFailed()}</p>}
        {templates.data?.length === 0 && <p className="px-2 text-[var(--muted)]">{t.noTemplates()}</p>}
        {templates.data?.map((row, i) => (
          <button
            key={row.id}
            autoFocus={i === 0}
            type="button"
            role="menuitem"
            data-testid="template-item"
            className="rounded px-2 py-1 text-left hover:bg-[var(--surface-2)] focus:bg-[var(--surface-2)] focus:outline-none"
            onClick={() => {
              setOpen(false)
              onPick(row.template_content, row.sms_type)
            }}
          >
            {row.keyword && <span className="mr-2 text-xs text-[var(--muted)]">{row.keyword}</span>}
            <span className="line-clamp-2">{row.template_content}</span>
          </button>
        ))}
      </div>
    </Popover>
  )
}
