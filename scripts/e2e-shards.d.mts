// Types of scripts/e2e-shards.mjs for its test (scripts/e2e-shards.test.ts).
export interface Shard {
  files: string[]
  seconds: number
}
export function planShards(files: string[], durations: Record<string, number>, count: number): Shard[]
export function runE2eShards(count: number, baseEnv: NodeJS.ProcessEnv): Promise<boolean>
export function runShards(plan: Shard[], baseEnv: NodeJS.ProcessEnv): Promise<boolean>
