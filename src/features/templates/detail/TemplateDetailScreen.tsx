import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { goTo } from '@/api/navigation'
import { cspTemplateDetailQuery, videoTemplateDetailQuery } from '@/api/templates'
import { Button } from '@/components/ui/Button'
import { Spinner } from '@/components/ui/Spinner'
import { Frames, MessagePreview } from '@/components/preview/MessagePreview'
import { contentCheckKey, cspTemplateStatusKey, sizeKb, videoTemplateStatusKey } from '@/domain/lists/templates'
import { CSP_CONTENT_TYPE, parseLowType } from '@/domain/send-csp'
import type { TemplateKind } from '@/domain/templates-write'
import type { Row } from '@/grid'
import { useListActions } from '@/grid/use-list-actions'
import { useListContext } from '@/grid/use-list-state'
import { useI18nContext } from '@/i18n/i18n-react'
import { TEMPLATE_LIST_PATH } from '../pages'
import { contentTemplatesList, cspTemplatesList, videoTemplatesList } from '../templates.list'
import { contentTemplateQuery } from './content-template'

type Status = { key: string; rejected: boolean }
const section = 'flex flex-col gap-2 rounded-lg border border-[var(--border)] bg-[var(--surface)] p-4'

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-[var(--muted)]">{k}</dt>
          <dd className="break-words" data-testid={`detail-${k}`}>{v}</dd>
        </div>
      ))}
    </dl>
  )
}

/** Status and, for a rejected template, the reason the review gave (`result_desc`), first, where it is seen. */
function Review({ status, reason }: { status: Status; reason: string }) {
  const { LL } = useI18nContext()
  const word = (LL.status as unknown as Record<string, (() => string) | undefined>)[status.key]?.() ?? status.key
  return (
    <div className="flex flex-col gap-1" data-testid="detail-review">
      <p className="text-sm"><span className="text-[var(--muted)]">{LL.tplEditor.detail.status()}: </span><strong data-status={status.key}>{word}</strong></p>
      {reason && (
        <p role={status.rejected ? 'alert' : undefined} className={`text-sm ${status.rejected ? 'text-[var(--danger)]' : ''}`} data-testid="detail-reason">
          {LL.tplEditor.detail.reason()}: {reason}
        </p>
      )}
    </div>
  )
}

const LISTS = { content: contentTemplatesList, csp: cspTemplatesList, video: videoTemplatesList }
const REVIEW_ACTIONS = new Set(['approve', 'reject'])
const NO_FILTERS = {}

/**
 * An administrator's approve and reject on the detail: the list's own declared row actions (visibility, enabled
 * rule, confirmation, the reject dialog), run as the list runs them; the review call refetches this detail too.
 */
function ReviewActions({ kind, row }: { kind: TemplateKind; row: Row }) {
  const { LL } = useI18nContext()
  const ctx = useListContext()
  const list = LISTS[kind]
  const { busy, runRow } = useListActions(list, ctx, NO_FILTERS)
  if (!ctx) return null
  const review = (list.rowActions ?? []).filter((a) => REVIEW_ACTIONS.has(a.id) && (!a.visibleWhen || a.visibleWhen(ctx)))
  if (!review.length) return null
  return (
    <div className="flex gap-2" data-testid="template-review-actions">
      {review.map((a) => (
        <Button
          key={a.id}
          variant={a.tone === 'danger' ? 'danger' : 'primary'}
          data-action={a.id}
          disabled={busy !== null || (!!a.enabledWhen && !a.enabledWhen(row, ctx))}
          onClick={() => runRow(a, row)}
        >
          {a.label(LL)}
        </Button>
      ))}
    </div>
  )
}

/** /<area>/templates/<id>: one template with its review result and its preview, from the kind's detail call. */
export default function TemplateDetailScreen({ kind, id, title }: { kind: TemplateKind; id: number; title: string }) {
  const { LL } = useI18nContext()
  const t = LL.tplEditor.detail
  const csp = useQuery({ ...cspTemplateDetailQuery(id), enabled: kind === 'csp' })
  const video = useQuery({ ...videoTemplateDetailQuery(id), enabled: kind === 'video' })
  const content = useQuery({ ...contentTemplateQuery(id), enabled: kind === 'content' })
  const q = { csp, video, content }[kind]

  let body: ReactNode = null
  if (csp.data && kind === 'csp') {
    const x = csp.data
    const key = cspTemplateStatusKey(x.template_status)
    body = (
      <>
        <Review status={{ key, rejected: key === 'templateRejected' }} reason={x.result_desc} />
        <Facts rows={[
          [LL.tplEditor.editor.name(), x.template_name], [t.chatbot(), x.chatbot_id], [t.autograph(), x.autograph],
          [t.account(), x.cus_id], [t.created(), x.create_time],
        ]} />
        <MessagePreview
          preview={{
            ...x, contentType: x.contentType === CSP_CONTENT_TYPE.text ? CSP_CONTENT_TYPE.text : CSP_CONTENT_TYPE.card,
            cspCardList: x.cspCardList.map((c) => ({ ...c, buttons: c.buttons.map((b) => ({ buttonName: b.buttonName })) })),
          }}
          fallbacks={parseLowType(x.low_type)}
        />
      </>
    )
  }
  if (video.data && kind === 'video') {
    const x = video.data
    const key = videoTemplateStatusKey(x.status)
    body = (
      <>
        <Review status={{ key, rejected: key === 'templateRejected' }} reason={x.result_desc} />
        <Facts rows={[
          [LL.tplEditor.video.sign(), x.template_sign], [LL.tplEditor.video.remark(), x.remark || '—'],
          [t.size(), `${sizeKb(x.size)} KB`], [t.account(), x.cus_id], [t.created(), x.create_time],
        ]} />
        <Frames theme={x.title} frames={x.videoFrameList} />
      </>
    )
  }
  if (content.data && kind === 'content') {
    const x = content.data
    const key = contentCheckKey(x.check_status)
    body = (
      <>
        <Review status={{ key, rejected: key === 'checkRejected' }} reason={x.result_desc} />
        <Facts rows={[[t.content(), <span className="whitespace-pre-wrap">{x.template_content}</span>], [t.account(), x.cus_id], [t.created(), x.create_time]]} />
      </>
    )
  }

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 p-4" data-testid="template-detail">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-lg font-semibold">{title}</h1>
        <div className="flex gap-2">
          {q.data && <ReviewActions kind={kind} row={q.data as unknown as Row} />}
          <Button variant="secondary" onClick={() => goTo(TEMPLATE_LIST_PATH[kind])}>{t.back()}</Button>
        </div>
      </div>
      <section className={section}>
        {q.isPending && <p className="flex items-center gap-2 text-sm text-[var(--muted)]"><Spinner size={14} />{t.loading()}</p>}
        {(q.isError || (q.isSuccess && !q.data)) && <p role="alert" className="text-sm text-[var(--danger)]">{t.failed()}</p>}
        {body}
      </section>
    </div>
  )
}
