// `npm run start:cluster`: build the console if needed, compile the server (scripts/build-server.mjs), then N
// compiled server processes on one port (dist-server/cluster.js forks dist-server/main.js; PostgreSQL only).
// SIGHUP is passed on: a rolling restart of the processes.
import { buildServer, SERVER_OUT } from './build-server.mjs'
import { ensureBuilt, startChild } from './lib.mjs'
import { serverEnv } from './server-env.mjs'

ensureBuilt()
await buildServer()
const child = startChild(process.execPath, ['--enable-source-maps', `${SERVER_OUT}/cluster.js`], { env: serverEnv() })
process.on('SIGHUP', () => child.kill('SIGHUP'))
