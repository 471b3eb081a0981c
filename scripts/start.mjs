// `npm start`: builds the web app and the server when their sources changed, then starts the
// server (migrations, demo seed and serving happen in server.ts).
import { spawnSync } from 'node:child_process'
import cluster from 'node:cluster'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import { buildServer, current, serverBuilds } from './build-server.mjs'

process.env.NODE_ENV ??= 'production'

function newestMtime(entry) {
  if (!existsSync(entry)) return 0
  const stat = statSync(entry)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(stat.mtimeMs, ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))))
}

// A web process of a server in several (decision 012) runs what its primary has just built.
const built = cluster.isWorker ? Infinity : existsSync('public/build') ? newestMtime('build/index.js') : 0
// shared/ is bundled into the web app too (categories, file types, stop words).
const sources = Math.max(
  ...['app', 'shared', 'remix.config.js', 'package-lock.json', 'public/favicon.svg'].map(newestMtime),
)
if (built < sources) {
  console.log('Building the web app...')
  const result = spawnSync('npx', ['remix', 'build'], { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

// The server as plain ES modules (scripts/build-server.mjs says why), rebuilt when its sources changed.
const serverEntry = () => path.join(serverBuilds, JSON.parse(readFileSync(current, 'utf8')).id, 'server.mjs')
// A web process loads the very build its primary started, even if a newer one lands meanwhile.
const SERVER_ENTRY_ENV = 'EXIT_PLANNER_SERVER_ENTRY'
if (!cluster.isWorker) {
  const serverSources = Math.max(
    ...['server.ts', 'server', 'api', 'app', 'shared', 'package-lock.json'].map(newestMtime),
  )
  if (newestMtime(current) < serverSources) await buildServer()
  process.env[SERVER_ENTRY_ENV] = serverEntry()
}
// From here on what the server creates (DATA_DIR's files above all) is its user's only; the builds
// above keep the usual modes. server.ts says the same again, as every entry point does
// (api/owner-only-files.ts).
process.umask(0o077)
await import(pathToFileURL(process.env[SERVER_ENTRY_ENV]).href)
