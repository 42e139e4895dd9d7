// The console's CSP allows no eval. Zod 4 compiles object parsers with `new Function` when it can, and finding out
// whether it can is itself a reported CSP violation; interpreted parsing is ample for the console's payloads.
// Zod reads its configuration from `globalThis.__zod_globalConfig` when its module loads. A classic script runs
// before any module script, so this holds whatever order the bundle's chunks load in (a `z.config()` call in the
// entry ran only after the chunks it imports, where schemas had already been parsed).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true })
