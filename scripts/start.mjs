// `npm start`: builds the web app when its sources changed, then starts the server (migrations,
// demo seed and serving happen in server.ts).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

process.env.NODE_ENV ??= 'production'

function newestMtime(entry) {
  if (!existsSync(entry)) return 0
  const stat = statSync(entry)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(stat.mtimeMs, ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))))
}

const built = existsSync('public/build') ? newestMtime('build/index.js') : 0
// shared/ is bundled into the web app too (categories, file types, stop words).
const sources = Math.max(
  ...['app', 'shared', 'remix.config.js', 'package-lock.json', 'public/favicon.svg'].map(newestMtime),
)
if (built < sources) {
  console.log('Building the web app...')
  const result = spawnSync('npx', ['remix', 'build'], { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const { register } = await import('tsx/esm/api')
register()
await import('../server.ts')
