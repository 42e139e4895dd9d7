import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { planShards } from './e2e-shards.mjs'

describe('planShards (the browser test files dealt to shards by recorded duration)', () => {
  it('deals every file to exactly one shard, longest first onto the least loaded one', () => {
    const plan = planShards(['a', 'b', 'c', 'd', 'e'], { a: 100, b: 60, c: 50, d: 30, e: 10 }, 2)
    // 100 | 60, 50 onto 60 (110), 30 onto 100 (130), 10 onto 110.
    expect(plan).toEqual([
      { files: ['a', 'd'], seconds: 130 },
      { files: ['b', 'c', 'e'], seconds: 120 },
    ])
  })

  it('counts a file with no recorded duration as the median of the recorded ones', () => {
    // The median of 5, 20 and 40 is 20: 'new' weighs as much as 'y'.
    expect(planShards(['new', 'x', 'y', 'z'], { x: 5, y: 20, z: 40 }, 2)).toEqual([
      { files: ['x', 'z'], seconds: 45 },
      { files: ['new', 'y'], seconds: 40 },
    ])
  })

  it('splits the recorded spec files of tests/e2e into two shards within one longest file of each other, each file once', () => {
    const files = readdirSync('tests/e2e').filter((f) => f.endsWith('.spec.ts'))
    const durations = JSON.parse(readFileSync('scripts/e2e-durations.json', 'utf8')) as Record<string, number>
    const plan = planShards(files, durations, 2)
    expect(plan.flatMap((s) => s.files).sort()).toEqual([...files].sort())
    const [a, b] = plan.map((s) => s.seconds)
    expect(Math.abs(a - b)).toBeLessThanOrEqual(Math.max(...Object.values(durations)))
    // The same files and durations give the same shards (both shards of a run, and a rerun, agree).
    expect(planShards([...files].reverse(), durations, 2)).toEqual(plan)
  })
})
