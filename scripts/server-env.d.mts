// Types of scripts/server-env.mjs for its test (scripts/server-env.test.ts).
export function serverEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv
