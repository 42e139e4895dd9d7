import { describe, expect, it } from 'vitest'
import { covers, segments } from './in-flight'

describe('lists/in-flight', () => {
  const T1 = '2026-11-29 02:30:00.123457+00'
  const T2 = '2026-11-29 02:29:59.000999+00'

  it('cuts the time order into segments around each time, newest first, none holding a record at one of them', () => {
    expect(segments([T1])).toEqual([`m.receive_time > '${T1}'::timestamptz`, `m.receive_time < '${T1}'::timestamptz`])
    expect(segments([T1, T2])).toEqual([
      `m.receive_time > '${T1}'::timestamptz`,
      `m.receive_time < '${T1}'::timestamptz and m.receive_time > '${T2}'::timestamptz`,
      `m.receive_time < '${T2}'::timestamptz`,
    ])
  })

  it('takes only the database\'s own text of a UTC time as a constant', () => {
    for (const bad of ["2026-11-29 02:30:00+00'; drop table mt_record; --", '2026-11-29 10:30:00.1+08', 'infinity', '']) {
      expect(() => segments([bad]), bad).toThrow(/not a time/)
    }
  })

  it('a statement covered the times it went around when it still saw each of them in flight', () => {
    expect(covers([T1, T2], [T1])).toBe(true)
    expect(covers([T2], [])).toBe(true)
    expect(covers([T2], [T1, T2])).toBe(false)
  })
})
