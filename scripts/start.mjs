// `npm start`: builds the web app and the server when their sources changed, then starts the
// server (migrations, demo seed and serving happen in server.ts).
import cluster from 'node:cluster'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import { buildServer, current, serverBuildIsCurrent, serverBuilds } from './build-server.mjs'
import { buildWeb, webBuildIsCurrent } from './build-web.mjs'

process.env.NODE_ENV ??= 'production'

// A web process loads the very build its primary started, even if a newer one lands meanwhile.
const SERVER_ENTRY_ENV = 'EXIT_PLANNER_SERVER_ENTRY'
if (!cluster.isWorker) {
  try {
    if (!webBuildIsCurrent()) {
      console.log('Building the web app...')
      buildWeb()
    }
    // The server as plain ES modules (scripts/build-server.mjs says why).
    if (!serverBuildIsCurrent()) await buildServer()
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
  process.env[SERVER_ENTRY_ENV] = path.join(serverBuilds, JSON.parse(readFileSync(current, 'utf8')).id, 'server.mjs')
}
// From here on what the server creates (DATA_DIR's files above all) is its user's only; the builds
// above keep the usual modes. server.ts says the same again, as every entry point does
// (runtime/owner-only-files.ts).
process.umask(0o077)
await import(pathToFileURL(process.env[SERVER_ENTRY_ENV]).href)
