import { describe, expect, it } from 'vitest'
import { countersOf, uniformCounts } from './mt-counters'

describe('send-status counters', () => {
  it('gives every record the counters of its send status', () => {
    expect(countersOf({ mt_status: 0, report_result: 0 })).toEqual(['receive', 'sent', 'success'])
    expect(countersOf({ mt_status: 0, report_result: null })).toEqual(['receive', 'sent', 'failure'])
    expect(countersOf({ mt_status: 3, report_result: 7 })).toEqual(['receive', 'sent', 'failure'])
    expect(countersOf({ mt_status: 100 })).toEqual(['receive'])
    expect(countersOf({ mt_status: 500 })).toEqual(['receive', 'sent', 'unknown'])
    expect(countersOf({ mt_status: 600 })).toEqual(['receive', 'sent', 'unknown', 'timeout'])
  })

  it('counts a stored batch: waiting records are received, sent and unknown; records held for review only received', () => {
    expect(uniformCounts({ mt_status: 500 }, 7)).toEqual({ receive: 7, sent: 7, success: 0, failure: 0, unknown: 7, timeout: 0 })
    expect(uniformCounts({ mt_status: 100 }, 7)).toEqual({ receive: 7, sent: 0, success: 0, failure: 0, unknown: 0, timeout: 0 })
  })
})
