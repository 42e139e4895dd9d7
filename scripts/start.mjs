// `npm start`: build the console if its sources changed, then run the one server process that serves
// the console under /sms-cloud/ and the API under /api (dependencies were ensured by `prestart`).
import { ensureBuilt, startChild } from './lib.mjs'

ensureBuilt()
startChild(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: process.env })
