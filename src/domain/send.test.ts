import { describe, expect, it } from 'vitest'
import { SEND_KIND_MODULE, sentBatchPath } from './send'

describe('sentBatchPath', () => {
  it('leads an immediate send to its batch page in its module and a timed one to its timed batch, filtered by the id', () => {
    expect(sentBatchPath('group', { batch_id: 'B26112200000001', timed: false })).toBe('/home-sms/batch/B26112200000001')
    expect(sentBatchPath('p2p', { batch_id: 'B1', timed: false })).toBe('/home-sms/batch/B1')
    expect(sentBatchPath('intl', { batch_id: 'T2', timed: true })).toBe('/intl-sms/timed-batches?time_batch=T2')
    expect(sentBatchPath('csp', { batch_id: 'a b&c', timed: false })).toBe('/csp-sms/batch/a%20b%26c')
    expect(Object.keys(SEND_KIND_MODULE).sort()).toEqual(['csp', 'group', 'intl', 'link', 'p2p', 'video'])
  })
})
