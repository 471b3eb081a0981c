// `npm start`: builds the web app and the server when their sources changed, then starts the
// server (migrations, demo seed and serving happen in server.ts).
import { spawnSync } from 'node:child_process'
import cluster from 'node:cluster'
import { randomUUID } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
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

// The server as plain ES modules with its packages left external, rather than TypeScript compiled
// as it loads: the loader's thread and its transforms held ~60 MB for the life of the process
// (issue 12). Code split at dynamic imports, so what only some paths need (the OpenAI client, the
// subtitle parser) loads in the process that takes such a path, not in every process at start.
// Each source file keeps its own import.meta.url, which the backend resolves its migrations and
// worker threads against.
const serverBuilds = path.resolve('build/server')
const current = path.join(serverBuilds, 'current.json')
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
await import(pathToFileURL(process.env[SERVER_ENTRY_ENV]).href)

async function buildServer() {
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
  // Each build has a folder of its own and the pointer to it is swapped whole, so servers starting
  // together never load half a build, and one still running keeps the chunks it may yet import.
  const previous = existsSync(current) ? JSON.parse(readFileSync(current, 'utf8')).id : undefined
  const id = randomUUID()
  await build({
    entryPoints: ['server.ts'],
    outdir: path.join(serverBuilds, id),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    plugins: [ownFileUrls],
    logLevel: 'error',
  })
  const temporary = `${current}.${id}.tmp`
  writeFileSync(temporary, JSON.stringify({ id }))
  renameSync(temporary, current)
  for (const entry of readdirSync(serverBuilds, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== id && entry.name !== previous) {
      rmSync(path.join(serverBuilds, entry.name), { recursive: true, force: true })
    }
  }
  // esbuild's service process would otherwise stay beside the server for its whole life (~30 MB).
  await stop()
}
