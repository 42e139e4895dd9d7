// `npm run start:cluster`: build the console if needed, then N server processes on one port (server/cluster.ts;
// PostgreSQL only). SIGHUP is passed on: a rolling restart of the processes.
import { ensureBuilt, startChild } from './lib.mjs'

ensureBuilt()
const child = startChild(process.execPath, ['--import', 'tsx', 'server/cluster.ts'], { env: process.env })
process.on('SIGHUP', () => child.kill('SIGHUP'))
