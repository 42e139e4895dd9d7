import { z } from 'zod'

// The console's CSP allows no eval. Zod 4 compiles object parsers with `new Function` when it can, and finding out
// whether it can is itself a reported CSP violation; interpreted parsing is ample for the console's payloads.
// Imported first by main.tsx, before any module that parses at load time.
z.config({ jitless: true })
