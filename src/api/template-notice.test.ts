import { afterEach, describe, expect, it, vi } from 'vitest'
import { noticeArrived } from './alerts'
import { queryClient } from './query-client'
import { cspSendKeys } from './send-csp'
import { p2pSendKeys } from './send-p2p'
import { videoSendKeys } from './send-video'
import { invalidateAllTemplates, templateKeys } from './templates'

/* A review's notice on the bell refreshes the send pages' cached template pickers at once. */
describe('template queries on a new notice', () => {
  afterEach(() => vi.restoreAllMocks())

  it('counts a notice as arrived only when the polled unread count rises after a first answer', () => {
    expect(noticeArrived(undefined, 3)).toBe(false)
    expect(noticeArrived(3, 3)).toBe(false)
    expect(noticeArrived(3, 2)).toBe(false)
    expect(noticeArrived(2, 3)).toBe(true)
    expect(noticeArrived(0, 1)).toBe(true)
  })

  it('invalidates every template key and the three send pickers', () => {
    const spy = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue()
    invalidateAllTemplates()
    const keys = spy.mock.calls.map(([f]) => JSON.stringify(f?.queryKey))
    for (const k of [p2pSendKeys.all, cspSendKeys.all, videoSendKeys.all, [...templateKeys.all, 'content'], [...templateKeys.all, 'csp'], [...templateKeys.all, 'video']]) {
      expect(keys).toContain(JSON.stringify(k))
    }
  })
})
