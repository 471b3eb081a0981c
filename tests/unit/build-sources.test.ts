import { mkdirSync, mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { sourceDigest } from '../../scripts/build-sources.mjs'

// `npm start` serves a build only while this digest of its sources is the one the build recorded.
describe('sourceDigest', () => {
  let folder: string
  let entries: string[]

  beforeEach(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'sources-'))
    mkdirSync(path.join(folder, 'app', 'routes'), { recursive: true })
    writeFileSync(path.join(folder, 'app', 'root.tsx'), 'export default function App() {}\n')
    writeFileSync(path.join(folder, 'app', 'routes', 'login.tsx'), 'export const meta = () => []\n')
    writeFileSync(path.join(folder, 'remix.config.js'), 'export default {}\n')
    entries = ['app', 'remix.config.js', 'missing.json'].map((entry) => path.join(folder, entry))
  })

  afterEach(() => rmSync(folder, { recursive: true, force: true }))

  it('stays the same when only the files’ times change, as a COPY into an image or a checkout does', () => {
    const before = sourceDigest(entries)
    const later = new Date(Date.now() + 3_600_000)
    for (const file of ['app/root.tsx', 'app/routes/login.tsx', 'remix.config.js'])
      utimesSync(path.join(folder, file), later, later)
    expect(sourceDigest(entries)).toBe(before)
  })

  it('changes when a file’s content changes, a file is added, or one is renamed', () => {
    const digests = new Set([sourceDigest(entries)])
    writeFileSync(path.join(folder, 'app', 'root.tsx'), 'export default function App() { return null }\n')
    digests.add(sourceDigest(entries))
    writeFileSync(path.join(folder, 'app', 'routes', 'logout.tsx'), '')
    digests.add(sourceDigest(entries))
    renameSync(path.join(folder, 'app', 'routes', 'logout.tsx'), path.join(folder, 'app', 'routes', 'sign-out.tsx'))
    digests.add(sourceDigest(entries))
    expect(digests.size).toBe(4)
  })

  it('tells a file’s end from the next file’s start', () => {
    writeFileSync(path.join(folder, 'app', 'root.tsx'), 'ab')
    writeFileSync(path.join(folder, 'app', 'routes', 'login.tsx'), 'c')
    const split = sourceDigest(entries)
    writeFileSync(path.join(folder, 'app', 'root.tsx'), 'a')
    writeFileSync(path.join(folder, 'app', 'routes', 'login.tsx'), 'bc')
    expect(sourceDigest(entries)).not.toBe(split)
  })
})
