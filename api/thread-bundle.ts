import { randomUUID } from 'node:crypto'
import { mkdir, readdir, rename, stat } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const apiDir = fileURLToPath(new URL('.', import.meta.url))
const bundleDir = path.resolve(apiDir, '../build/workers')

async function newestSource(directory: string): Promise<number> {
  let newest = 0
  for (const item of await readdir(directory, { withFileTypes: true })) {
    const full = path.join(directory, item.name)
    newest = Math.max(newest, item.isDirectory() ? await newestSource(full) : (await stat(full)).mtimeMs)
  }
  return newest
}

const bundles = new Map<string, Promise<string>>()

/**
 * A worker thread's entry (a path under api/) as one plain ES module, rebuilt when the sources of
 * its folder change. Worker threads do not inherit the TypeScript loader, and registering it there
 * costs ~300 MB per worker because it transforms pdf.js on every load; a bundle with its packages
 * left external costs nothing.
 */
export function threadBundle(entry: string): Promise<string> {
  let ready = bundles.get(entry)
  if (ready) return ready
  ready = (async () => {
    const source = path.join(apiDir, entry)
    const bundle = path.join(bundleDir, `${path.basename(entry, '.ts')}.mjs`)
    const built = await stat(bundle).then(
      (info) => info.mtimeMs,
      () => 0,
    )
    if (built >= (await newestSource(path.dirname(source)))) return bundle
    const { build } = await import('esbuild')
    await mkdir(bundleDir, { recursive: true })
    // Built under a temporary name and renamed, so parallel test processes never load half a file.
    const temporary = `${bundle}.${randomUUID()}.tmp.mjs`
    await build({
      entryPoints: [source],
      outfile: temporary,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      logLevel: 'error',
    })
    await rename(temporary, bundle)
    return bundle
  })().catch((error) => {
    bundles.delete(entry)
    throw error
  })
  bundles.set(entry, ready)
  return ready
}
