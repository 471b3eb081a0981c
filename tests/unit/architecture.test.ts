import { readFileSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { CONTRACT, folderLoops, folderNode, importLoops, importsOf, root, sourceFiles } from '../support/import-graph'

const FOLDERS = ['runtime', 'shared', 'api', 'app', 'server']
const all = [...FOLDERS.flatMap(sourceFiles), 'server.ts']
const folderOf = (file: string) => file.split(path.sep)[0]!

/**
 * The routers' paths and methods, which the web tier's client takes as a type in one module, so a
 * path changed in a router fails the type check of a call (decision 076). The type also holds what
 * each route's handler returns; nothing of the web tier reads that, its bodies are the contracts'.
 */
const ROUTES_TYPE = { module: 'app/services/api-path.server.ts', target: 'api/routers.ts' }
/**
 * Whether the web tier may load a contract's values: it imports, types aside, only zod, shared/ and
 * contracts that are loadable too, so loading it runs no backend code (decision 074).
 */
function loadable(contract: string, imports: typeof importsOf = importsOf, seen = new Set<string>()): boolean {
  if (seen.has(contract)) return true
  seen.add(contract)
  return imports(contract)
    .filter((entry) => !entry.typesOnly)
    .every(
      ({ target }) =>
        target === 'zod' || folderOf(target) === 'shared' || (CONTRACT.test(target) && loadable(target, imports, seen)),
    )
}

/** The imports of the modules under `folder` that reach one of `forbidden`, as "module → target". */
const reaching = (folder: string, forbidden: string[]) =>
  sourceFiles(folder).flatMap((file) =>
    importsOf(file)
      .filter((entry) => forbidden.includes(folderOf(entry.target)) || entry.target === 'server.ts')
      .map((entry) => `${file} → ${entry.target}`),
  )

/**
 * The imports of app/components that reach a `.server` module, as "module → target". A component
 * takes its types from the contracts or a plain module (issue 50): a server module is the loader's,
 * and even a type import of one ties what the browser renders to it.
 */
const componentsReachingServer = (imports: typeof importsOf = importsOf) =>
  sourceFiles(path.join('app', 'components')).flatMap((file) =>
    imports(file)
      .filter(({ target }) => /\.server\.tsx?$/.test(target))
      .map(({ target }) => `${file} → ${target}`),
  )

describe('the layers of the code', () => {
  it('have no import loops, type imports included', () => {
    expect(importLoops(all)).toEqual([])
  })

  it('point one way: runtime/ imports nothing of ours, api/ neither the web tier nor the processes', () => {
    expect(reaching('runtime', ['shared', 'api', 'app', 'server'])).toEqual([])
    expect(reaching('api', ['app', 'server'])).toEqual([])
    expect(reaching('app', ['server'])).toEqual([])
  })

  it("let the web tier read the backend only through its features' contracts, values from its server modules alone", () => {
    const reads = sourceFiles('app').flatMap((file) =>
      importsOf(file)
        .filter((entry) => folderOf(entry.target) === 'api')
        .filter((entry) => !(file === ROUTES_TYPE.module && entry.target === ROUTES_TYPE.target && entry.typesOnly))
        .filter(
          (entry) =>
            !CONTRACT.test(entry.target) ||
            (!entry.typesOnly && !(file.endsWith('.server.ts') && loadable(entry.target))),
        )
        .map((entry) => `${file} → ${entry.target}`),
    )
    expect(reads).toEqual([])
  })

  it("let the components import no server module, type imports included, their types being the contracts'", () => {
    expect(componentsReachingServer()).toEqual([])
    const planted = path.join('app', 'components', 'actions', 'task-card.tsx')
    const target = path.join('app', 'services', 'actions.server.ts')
    expect(
      componentsReachingServer((file) =>
        file === planted ? [...importsOf(file), { typesOnly: true, target }] : importsOf(file),
      ),
    ).toEqual([`${planted} → ${target}`])
  })

  it('let a contract the web tier loads import only zod, shared/ and other such contracts', () => {
    const loaded = sourceFiles('app').flatMap((file) =>
      importsOf(file)
        .filter((entry) => !entry.typesOnly && CONTRACT.test(entry.target))
        .map((entry) => entry.target),
    )
    expect(loaded.length).toBeGreaterThan(0)
    // A group's features count too: their contracts are a folder deeper.
    expect(loaded).toContain(path.join('api', 'readiness', 'value-gap', 'contract.ts'))
    expect([...new Set(loaded)].filter((contract) => !loadable(contract))).toEqual([])
    expect(
      loadable('api/organizations/contract.ts', (file) => [
        ...importsOf(file),
        { typesOnly: false, target: 'api/db/schema.ts' },
      ]),
    ).toBe(false)
  })

  it('let the web tier name api/ and shared/ by their aliases, not by climbing folders', () => {
    const climbs = sourceFiles('app').filter((file) =>
      /from\s+'(?:\.\.\/)+(?:api|shared)\//.test(readFileSync(path.join(root, file), 'utf8')),
    )
    expect(climbs).toEqual([])
  })

  it('let the web tier name another of its folders by ~/, not by climbing out of its own', () => {
    const climbs = sourceFiles('app').flatMap((file) =>
      [...readFileSync(path.join(root, file), 'utf8').matchAll(/from\s+'(\.\.\/[^']+)'/g)]
        .filter(([, specifier]) => folderOf(path.join(path.dirname(file), specifier!)) === 'app')
        .map(([, specifier]) => `${file} → ${specifier}`),
    )
    expect(climbs).toEqual([])
  })

  it('pass a transaction as the database it is, never cast through unknown', () => {
    const casts = all.filter((file) =>
      /as unknown as (?:Database|PgDatabase)\b/.test(readFileSync(path.join(root, file), 'utf8')),
    )
    expect(casts).toEqual([])
  })
})

// api/'s folders below its features (decision 072), bottom first: each imports only folders of the
// layers before its own. The kernel (decision 077) is the bottom: the dependency bag, HTTP errors,
// validation and the middleware every call passes, naming nothing above them.
const BASE_LAYERS = [['kernel'], ['db'], ['storage', 'jobs', 'mail', 'ai'], ['facts'], ['ingest']].map((layer) =>
  layer.map((folder) => `api/${folder}`),
)
// The loose modules that put the backend together; every other loose module is below the features.
const COMPOSITION_ROOT = ['api/app.ts', 'api/backend.ts', 'api/routers.ts', 'api/seed.ts']

/**
 * The imports of api/ that reach above a module below the features, as "module → target": a base
 * folder's of a folder not in a layer below its own, and a loose module's (but the composition
 * root's) of a feature folder.
 */
function climbsFromBelowFeatures(imports: typeof importsOf = importsOf) {
  const layerOf = (node: string) => BASE_LAYERS.findIndex((layer) => layer.includes(node))
  const isFolder = (node: string) => !node.endsWith('.ts')
  return sourceFiles('api').flatMap((file) => {
    const node = folderNode(file)
    if (COMPOSITION_ROOT.includes(node) || (isFolder(node) && layerOf(node) < 0)) return []
    // A loose module may import every base folder; a base folder those of the layers below its own.
    const layer = isFolder(node) ? layerOf(node) : BASE_LAYERS.length
    const allowed = (target: string) => {
      const reached = folderNode(target)
      if (!isFolder(reached) || reached === node) return true
      const at = layerOf(reached)
      return at >= 0 && at < layer
    }
    return imports(file)
      .filter(({ target }) => folderOf(target) === 'api' && !allowed(target))
      .map(({ target }) => `${file} → ${target}`)
  })
}

describe('the folders inside the tiers', () => {
  it('of app/ import one another without a loop, type imports included', () => {
    expect(folderLoops('app')).toEqual([])
  })

  it('of api/ import one another without a loop, type imports included', () => {
    expect(folderLoops('api')).toEqual([])
  })

  it("of api/ leave at its root only the composition root, the basics being the kernel's", () => {
    const loose = sourceFiles('api').filter((file) => folderNode(file) === file)
    expect(loose.sort()).toEqual([...COMPOSITION_ROOT].sort())
  })

  it('of api/ below the features import only the folders below them, never a feature', () => {
    expect(climbsFromBelowFeatures()).toEqual([])
  })

  it('are checked for real: a loop planted between two folders of app/ is found', () => {
    // utils/ is imported by the routes; one import back from it closes a loop.
    const planted = (file: string) =>
      file === path.join('app', 'utils', 'format.ts')
        ? [...importsOf(file), { typesOnly: true, target: path.join('app', 'routes', '_app.tsx') }]
        : importsOf(file)
    expect(folderLoops('app', planted)).toEqual([expect.arrayContaining(['app/routes', 'app/utils'])])
  })

  it('are checked for real: a feature or a higher layer imported from below the features is found', () => {
    const planted: Record<string, string> = {
      [path.join('api', 'db', 'schema.ts')]: path.join('api', 'documents', 'contract.ts'),
      [path.join('api', 'ai', 'text', 'pages.ts')]: path.join('api', 'ingest', 'extraction-types.ts'),
      [path.join('api', 'kernel', 'context.ts')]: path.join('api', 'search', 'result-cache.ts'),
      [path.join('api', 'kernel', 'validation.ts')]: path.join('api', 'db', 'schema.ts'),
    }
    const imports = (file: string) =>
      planted[file] ? [...importsOf(file), { typesOnly: true, target: planted[file] }] : importsOf(file)
    expect(climbsFromBelowFeatures(imports).sort()).toEqual(
      Object.entries(planted)
        .map(([file, target]) => `${file} → ${target}`)
        .sort(),
    )
  })
})

const TEXT_LAYER = 'api/ai/text/'
// What only the text layer spells: a year ("(?:19|20)\d\d"), a run of month names, a scale word
// next to another in an alternation, a run of number words, sentence ends found by a split, and
// the signs and codes of currencies ("[$€£¥]", "US$").
const SPELLED_ONLY_THERE = [
  { what: 'a year pattern', pattern: /\(\?:19\|20\)|\(19\|20\)/ },
  { what: 'month names', pattern: /\bjan[a-z(?:)]*\|feb/i },
  { what: 'scale words', pattern: /(?:thousand|million|billion)s?\)?\|[^'"`\n]{0,12}\b(?:thousand|million|billion)\b/ },
  { what: 'number words', pattern: /\btwo\|three\|four\b/ },
  { what: 'a sentence splitter', pattern: /\.split\(\/\(\?<=\[\.!\?\]|granularity: 'sentence'/ },
  { what: 'currency signs', pattern: /\[[‘’']*\$[£€]|US\\\$/ },
]
const isComment = (line: string) => /^\s*(?:\/\/|\*|\/\*)/.test(line)

describe('the text layer at the bottom of api/ai/', () => {
  it('imports nothing else of api/ (shared/, below it, aside)', () => {
    const reaches = sourceFiles(TEXT_LAYER).flatMap((file) =>
      importsOf(file)
        .filter((entry) => folderOf(entry.target) === 'api' && !entry.target.startsWith(TEXT_LAYER))
        .map((entry) => `${file} → ${entry.target}`),
    )
    expect(reaches).toEqual([])
  })

  it('is the one place years, months, scales, sentence ends and currencies are spelled', () => {
    const copies = sourceFiles('api')
      .filter((file) => !file.startsWith(TEXT_LAYER) && !file.startsWith('api/db/migrations'))
      .flatMap((file) =>
        readFileSync(path.join(root, file), 'utf8')
          .split('\n')
          .flatMap((line, index) =>
            isComment(line)
              ? []
              : SPELLED_ONLY_THERE.filter(({ pattern }) => pattern.test(line)).map(
                  ({ what }) => `${file}:${index + 1} spells ${what}`,
                ),
          ),
      )
    expect(copies).toEqual([])
  })
})
