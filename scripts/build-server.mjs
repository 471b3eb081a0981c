// `node scripts/build-server.mjs` (part of `npm run build`): the server as `npm start` runs it, so an
// image built ahead of time starts without building. `npm start` calls buildServer() itself when the
// sources' digest differs from the one the build recorded (scripts/build-sources.mjs).
//
// The server as plain ES modules with its packages left external, rather than TypeScript compiled
// as it loads: the loader's thread and its transforms held ~60 MB for the life of the process
// (issue 12). Code split at dynamic imports, so what only some paths need (the OpenAI client, the
// subtitle parser) loads in the process that takes such a path, not in every process at start.
// Each source file keeps its own import.meta.url, which the backend resolves its migrations and
// worker threads against.
import { randomUUID } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

import { SERVER_SOURCES, sourceDigest } from './build-sources.mjs'

export const serverBuilds = path.resolve('build/server')
export const current = path.join(serverBuilds, 'current.json')

/** Whether build/server holds the server built from the sources as they are now. */
export function serverBuildIsCurrent() {
  if (!existsSync(current)) return false
  const { id, sources } = JSON.parse(readFileSync(current, 'utf8'))
  return existsSync(path.join(serverBuilds, id, 'server.mjs')) && sources === sourceDigest(SERVER_SOURCES)
}

export async function buildServer() {
  const sources = sourceDigest(SERVER_SOURCES)
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
  writeFileSync(temporary, JSON.stringify({ id, sources }))
  renameSync(temporary, current)
  for (const entry of readdirSync(serverBuilds, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== id && entry.name !== previous) {
      rmSync(path.join(serverBuilds, entry.name), { recursive: true, force: true })
    }
  }
  // esbuild's service process would otherwise stay beside the server for its whole life (~30 MB).
  await stop()
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildServer()
