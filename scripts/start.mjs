// `npm start`: build the console if its sources changed, compile the server (esbuild, scripts/build-server.mjs),
// then run the one compiled server process that serves the console under /sms-cloud/ and the API under /api
// (dependencies were ensured by `prestart`). No TypeScript loader in production: `npm run dev` and tests keep tsx.
import { buildServer, SERVER_OUT } from './build-server.mjs'
import { ensureBuilt, startChild } from './lib.mjs'
import { serverEnv } from './server-env.mjs'

ensureBuilt()
await buildServer()
startChild(process.execPath, ['--enable-source-maps', `${SERVER_OUT}/main.js`], { env: serverEnv() })
