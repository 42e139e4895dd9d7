// Types of what the tests import from scripts/lib.mjs (scripts/start.test.ts).
export function exitStatus(code: number | null, signal: NodeJS.Signals | null): number
