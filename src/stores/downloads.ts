import { proxy, useSnapshot } from 'valtio'
import { isApiError } from '@/api/http'
import { streamDownload } from '@/api/stream-download'
import { MAX_RUNNING_DOWNLOADS } from '@/domain/constants'
import { onLogout } from './session'

/*
 * "Download all" in the background: every file is a job in a tray that survives moving between screens.
 * At most MAX_RUNNING_DOWNLOADS stream at once, as the server allows per account; the next ones wait in the queue.
 * A 429 (another tab of the same account holds the slots) puts the job back in the queue for a later try.
 */
export type DownloadStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled'

export interface DownloadJob {
  id: number
  /** What the user asked for: the list's title and the format. */
  title: string
  format: 'xlsx' | 'csv'
  status: DownloadStatus
  bytes: number
  rows: number | null
  startedAt: number
  fileName?: string
  error?: string
}

interface Request {
  endpoint: string
  body: Record<string, unknown>
  fallbackName: string
}

const RETRY_AFTER_BUSY_MS = 3000

const state = proxy({ jobs: [] as DownloadJob[] })
const requests = new Map<number, Request>()
const controllers = new Map<number, AbortController>()
const listeners = new Set<(job: DownloadJob) => void>()
let nextId = 1

const job = (id: number) => state.jobs.find((j) => j.id === id)

function pump() {
  for (const j of state.jobs) {
    if (state.jobs.filter((x) => x.status === 'running').length >= MAX_RUNNING_DOWNLOADS) return
    if (j.status === 'queued') void run(j.id)
  }
}

async function run(id: number) {
  const j = job(id)
  const req = requests.get(id)
  if (!j || !req) return
  const ctl = new AbortController()
  controllers.set(id, ctl)
  Object.assign(j, { status: 'running', bytes: 0, startedAt: Date.now() })
  let busy = false
  try {
    j.fileName = await streamDownload(req.endpoint, req.body, req.fallbackName, {
      signal: ctl.signal,
      silent: true,
      onProgress: (p) => Object.assign(j, { bytes: p.bytes, rows: p.rows }),
    })
    j.status = 'done'
  } catch (e) {
    busy = isApiError(e) && e.status === 429
    if (ctl.signal.aborted) j.status = 'cancelled'
    else if (busy) j.status = 'queued'
    else Object.assign(j, { status: 'failed', error: isApiError(e) ? e.msg || e.message : String(e) })
  } finally {
    controllers.delete(id)
  }
  if (!job(id)) return
  if (j.status !== 'queued') {
    requests.delete(id)
    listeners.forEach((l) => l({ ...j }))
  }
  if (busy) setTimeout(pump, RETRY_AFTER_BUSY_MS)
  else pump()
}

/** Queues a download and starts it when a slot is free; returns its id. */
export function startDownload(title: string, format: 'xlsx' | 'csv', req: Request): number {
  const id = nextId++
  requests.set(id, req)
  state.jobs.push({ id, title, format, status: 'queued', bytes: 0, rows: null, startedAt: Date.now() })
  pump()
  return id
}

/** Stops a running download or takes a waiting one out of the queue. */
export function cancelDownload(id: number) {
  const j = job(id)
  if (!j) return
  if (j.status === 'running') return controllers.get(id)?.abort()
  if (j.status !== 'queued') return
  j.status = 'cancelled'
  requests.delete(id)
}

/** Removes finished, failed and cancelled jobs from the tray (running and queued ones stay). */
export function clearFinished() {
  state.jobs = state.jobs.filter((j) => j.status === 'running' || j.status === 'queued')
}

export function dismissDownload(id: number) {
  const j = job(id)
  if (j && j.status !== 'running' && j.status !== 'queued') state.jobs = state.jobs.filter((x) => x.id !== id)
}

/** Called once per job when it ends (saved, failed or cancelled): the tray's toasts. */
export function onDownloadEnd(listener: (job: DownloadJob) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The jobs as plain data, outside React (tests, commands). */
export const downloadsSnapshot = (): readonly DownloadJob[] => state.jobs.map((j) => ({ ...j }))

export function useDownloads(): readonly DownloadJob[] {
  return useSnapshot(state).jobs
}

// A download belongs to the session that asked for it.
onLogout(() => {
  for (const j of state.jobs) cancelDownload(j.id)
  state.jobs = []
})
