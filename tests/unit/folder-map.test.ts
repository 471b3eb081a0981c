import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { root } from '../support/import-graph'

/** README's "Folders" section: the map a newcomer reads before the tree. */
const map = (() => {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8')
  const start = readme.indexOf('## Folders\n')
  return readme.slice(start, readme.indexOf('\n## ', start + 1))
})()

/** The `code` spans of the map. */
const named = new Set([...map.matchAll(/`([^`\s]+)`/g)].map((match) => match[1]!))

/** Folders that hold a file under version control, so a build's or a test's output is not asked for. */
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean)
const topFolders = [...new Set(tracked.filter((file) => file.includes('/')).map((file) => file.split('/')[0]!))]
  .filter((folder) => !folder.startsWith('.'))
  .sort()

const folders = (parent: string) =>
  readdirSync(path.join(root, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()

const missing = (names: string[]) => names.filter((name) => !named.has(name))

describe("README's folder map", () => {
  it('names every top-level folder of the repository', () => {
    expect(topFolders.length).toBeGreaterThan(5)
    expect(missing(topFolders.map((folder) => `${folder}/`))).toEqual([])
  })

  it('names every folder of api/ and app/, and the loose files at the root of api/', () => {
    const loose = readdirSync(path.join(root, 'api')).filter((file) => file.endsWith('.ts'))
    expect(missing([...folders('api'), ...folders('app')].map((folder) => `${folder}/`))).toEqual([])
    expect(missing(loose)).toEqual([])
  })

  it('names no folder the tree does not have', () => {
    const places = ['', 'api', 'app', 'tests', 'app/routes']
    const gone = [...named]
      .filter((name) => name.endsWith('/') && !name.startsWith('#'))
      .filter((name) => !places.some((place) => existsSync(path.join(root, place, name))))
    expect(gone).toEqual([])
  })
})
