// What each build is made from, by content. `npm start` rebuilds when a digest differs from the one
// its build recorded, not when a file looks newer: an image's COPY, a checkout or a restore give
// sources new times without changing them (issue 35), and the image cannot build (no dev packages).
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

// shared/ is bundled into the web app too (categories, file types, stop words); tsconfig.json names
// the import aliases both builds resolve.
export const WEB_SOURCES = [
  'app',
  'shared',
  'runtime',
  'remix.config.js',
  'tsconfig.json',
  'package-lock.json',
  'public/favicon.svg',
]
export const SERVER_SOURCES = [
  'server.ts',
  'server',
  'runtime',
  'api',
  'app',
  'shared',
  'tsconfig.json',
  'package-lock.json',
]

function filesOf(entry) {
  if (!existsSync(entry)) return []
  if (!statSync(entry).isDirectory()) return [entry]
  return readdirSync(entry)
    .sort()
    .flatMap((name) => filesOf(path.join(entry, name)))
}

/** SHA-256 over each file's path and content, in a fixed order. */
export function sourceDigest(entries) {
  const hash = createHash('sha256')
  for (const file of entries.flatMap(filesOf)) {
    hash.update(`${file}\0`)
    hash.update(readFileSync(file))
    hash.update('\0')
  }
  return hash.digest('hex')
}
