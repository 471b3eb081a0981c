import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

export const root = path.resolve(import.meta.dirname, '../..')

/** The TypeScript modules under a folder of the repository, as paths from its root. */
export function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => path.join(folder, file))
}

/**
 * A feature's contract (decision 074): `api/<feature>/contract.ts`, or one level deeper in a group
 * of features (`api/readiness/<feature>/contract.ts`).
 */
export const CONTRACT = /^api\/[a-z-]+(?:\/[a-z-]+)?\/contract\.ts$/

// tsconfig.json's paths.
const ALIASES = [
  ['~/', 'app'],
  ['#api/', 'api'],
  ['#shared/', 'shared'],
] as const

const IMPORT = /^(?:import|export)\s+(type\s+)?[^;'"]*?from\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm

/**
 * Every `import … from`, `export … from` and `import('…')` of a module: the module it names (a path
 * from the repository's root for our own, tsconfig.json's aliases read, else the package), and whether
 * it takes types only.
 */
export function importsOf(file: string) {
  const source = readFileSync(path.join(root, file), 'utf8')
  return [...source.matchAll(IMPORT)].map((match) => {
    const specifier = (match[2] ?? match[3])!
    const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix))
    const local = specifier.startsWith('.')
      ? path.resolve(path.dirname(path.join(root, file)), specifier)
      : alias
        ? path.join(root, alias[1], specifier.slice(alias[0].length))
        : null
    return { typesOnly: Boolean(match[1]), target: local ? moduleAt(local) : specifier }
  })
}

/** A local specifier's module file, as TypeScript resolves it (extension or index file left out). */
function moduleAt(base: string) {
  const file = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((end) => base + end).find(isFile)
  return path.relative(root, file ?? base)
}
const isFile = (file: string) => existsSync(file) && !readdirSafe(file)
const readdirSafe = (file: string) => {
  try {
    readdirSync(file)
    return true
  } catch {
    return false
  }
}

/** The import loops among the modules (Tarjan's strongly connected components of two or more). */
export function importLoops(files: string[]) {
  return loopsOf(new Map(files.map((file) => [file, importsOf(file).map((entry) => entry.target)])))
}

/** The folder one level below its tier that a module is in (api/db), or the module when it is loose there (api/app.ts). */
export function folderNode(file: string) {
  const parts = file.split(path.sep)
  return parts.length > 2 ? parts.slice(0, 2).join('/') : file
}

/**
 * The import loops among the folders one level below `top` (api/, app/): each folder is one node,
 * a module loose in `top` is a node of its own, and type imports count. `imports` is importsOf
 * unless a test plants an edge.
 */
export function folderLoops(top: string, imports: typeof importsOf = importsOf) {
  const edges = new Map<string, Set<string>>()
  for (const file of sourceFiles(top)) {
    const node = folderNode(file)
    const targets = edges.get(node) ?? new Set<string>()
    for (const { target } of imports(file)) if (target.startsWith(`${top}${path.sep}`)) targets.add(folderNode(target))
    targets.delete(node)
    edges.set(node, targets)
  }
  return loopsOf(new Map([...edges].map(([node, targets]) => [node, [...targets]])))
}

/** Tarjan's strongly connected components of two or more nodes, each sorted. */
function loopsOf(edges: Map<string, string[]>) {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const loops: string[][] = []
  let next = 0
  const visit = (node: string) => {
    index.set(node, next)
    low.set(node, next++)
    stack.push(node)
    for (const target of edges.get(node) ?? []) {
      if (!edges.has(target)) continue
      if (!index.has(target)) {
        visit(target)
        low.set(node, Math.min(low.get(node)!, low.get(target)!))
      } else if (stack.includes(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!))
    }
    if (low.get(node) !== index.get(node)) return
    const loop: string[] = []
    let member: string
    do {
      member = stack.pop()!
      loop.push(member)
    } while (member !== node)
    if (loop.length > 1) loops.push(loop.sort())
  }
  for (const node of edges.keys()) if (!index.has(node)) visit(node)
  return loops
}
