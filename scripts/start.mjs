// `npm start`: builds the web app and the server when their sources changed, then starts the
// server (migrations, demo seed and serving happen in server.ts).
import { spawnSync } from 'node:child_process'
import cluster from 'node:cluster'
import { randomUUID } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

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

// The server as one plain ES module with its packages left external, rather than TypeScript
// compiled as it loads: the loader's thread and its transforms held ~60 MB for the life of the
// process (issue 12). Each file keeps its own import.meta.url, which the backend resolves its
// migrations and worker threads against.
const serverBundle = path.resolve('build/server.mjs')
const serverSources = cluster.isWorker
  ? 0
  : Math.max(...['server.ts', 'server', 'api', 'app', 'shared', 'package-lock.json'].map(newestMtime))
if (newestMtime(serverBundle) < serverSources) {
  const { build, stop } = await import('esbuild')
  const ownFileUrls = {
    name: 'own-file-urls',
    setup(builder) {
      builder.onLoad({ filter: /\.tsx?$/ }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined
        const source = readFileSync(args.path, 'utf8')
        return {
          contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
          loader: args.path.endsWith('x') ? 'tsx' : 'ts',
        }
      })
    },
  }
  // Built under a temporary name and renamed, so servers starting together never load half a file.
  const temporary = `${serverBundle}.${randomUUID()}.tmp.mjs`
  await build({
    entryPoints: ['server.ts'],
    outfile: temporary,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    plugins: [ownFileUrls],
    logLevel: 'error',
  })
  renameSync(temporary, serverBundle)
  // esbuild's service process would otherwise stay beside the server for its whole life (~30 MB).
  await stop()
}
await import(pathToFileURL(serverBundle).href)
