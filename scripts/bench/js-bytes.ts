import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

interface ManifestRoute {
  id: string
  parentId?: string
  path?: string
  index?: boolean
  module: string
  imports?: string[]
}

interface Manifest {
  entry: { module: string; imports: string[] }
  routes: Record<string, ManifestRoute>
}

function readManifest(): Manifest {
  const dir = 'public/build'
  const file = readdirSync(dir).find((name) => /^manifest-.*\.js$/.test(name))
  if (!file) throw new Error('No Remix manifest in public/build')
  const source = readFileSync(path.join(dir, file), 'utf8')
  return JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1))
}

function urlOf(routes: Record<string, ManifestRoute>, route: ManifestRoute): string {
  const parts: string[] = []
  for (
    let current: ManifestRoute | undefined = route;
    current;
    current = current.parentId ? routes[current.parentId] : undefined
  ) {
    if (current.path) parts.unshift(current.path)
  }
  return `/${parts.join('/')}`.replace(/\/+/g, '/')
}

/** JavaScript a first visit to each page downloads: entry, then every route module from root to leaf. */
export function measureJsBytes() {
  execFileSync('npx', ['remix', 'build'], { stdio: 'ignore' })
  const manifest = readManifest()
  const size = new Map<string, { raw: number; gzip: number }>()
  const bytesOf = (url: string) => {
    let known = size.get(url)
    if (!known) {
      const content = readFileSync(path.join('public', url))
      known = { raw: content.length, gzip: gzipSync(content, { level: 9 }).length }
      size.set(url, known)
    }
    return known
  }
  const rows = []
  for (const route of Object.values(manifest.routes)) {
    if (route.id === 'root') continue
    const files = new Set([manifest.entry.module, ...manifest.entry.imports])
    for (
      let current: ManifestRoute | undefined = route;
      current;
      current = current.parentId ? manifest.routes[current.parentId] : undefined
    ) {
      files.add(current.module)
      for (const file of current.imports ?? []) files.add(file)
    }
    const totals = [...files].reduce(
      (sum, file) => ({ raw: sum.raw + bytesOf(file).raw, gzip: sum.gzip + bytesOf(file).gzip }),
      { raw: 0, gzip: 0 },
    )
    rows.push({ route: route.id, url: urlOf(manifest.routes, route), ...totals })
  }
  return rows.sort((a, b) => a.url.localeCompare(b.url))
}
