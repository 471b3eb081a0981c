// The web app (Remix's compiler, a dev dependency) with the digest of what it was built from, which
// `npm start` compares before it serves the build (scripts/build-sources.mjs).
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { sourceDigest, WEB_SOURCES } from './build-sources.mjs'

const stamp = path.resolve('build/web-sources.json')

/** Whether build/ and public/build/ hold the web app built from the sources as they are now. */
export function webBuildIsCurrent() {
  if (!existsSync(stamp) || !existsSync('build/index.js') || !existsSync('public/build')) return false
  return JSON.parse(readFileSync(stamp, 'utf8')).sources === sourceDigest(WEB_SOURCES)
}

export function buildWeb() {
  const sources = sourceDigest(WEB_SOURCES)
  let compiler
  try {
    compiler = createRequire(import.meta.url).resolve('@remix-run/dev/dist/cli.js')
  } catch {
    throw new Error(
      "The web app's build does not match its sources, and this installation cannot build it " +
        '(no dev dependencies): run `npm ci && npm run build`, or build the image again.',
    )
  }
  const result = spawnSync(process.execPath, [compiler, 'build'], { stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`remix build failed (exit ${result.status ?? result.signal})`)
  writeFileSync(`${stamp}.tmp`, JSON.stringify({ sources }))
  renameSync(`${stamp}.tmp`, stamp)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) buildWeb()
