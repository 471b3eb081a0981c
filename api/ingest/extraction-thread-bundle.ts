import { randomUUID } from 'node:crypto'
import { mkdir, readdir, rename, stat } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const sourceDir = fileURLToPath(new URL('.', import.meta.url))
const entry = path.join(sourceDir, 'extraction-thread.ts')
const bundle = path.resolve(sourceDir, '../../build/workers/extraction-thread.mjs')

async function newestSource(directory: string): Promise<number> {
  let newest = 0
  for (const item of await readdir(directory, { withFileTypes: true })) {
    const full = path.join(directory, item.name)
    newest = Math.max(newest, item.isDirectory() ? await newestSource(full) : (await stat(full)).mtimeMs)
  }
  return newest
}

let ready: Promise<string> | undefined

/**
 * The extraction worker as one plain ES module, rebuilt when its sources change. Worker threads do
 * not inherit the TypeScript loader, and registering it there costs ~300 MB per worker because it
 * transforms pdf.js on every load; a bundle with its packages left external costs nothing.
 */
export function extractionThreadBundle(): Promise<string> {
  ready ??= (async () => {
    const built = await stat(bundle).then(
      (info) => info.mtimeMs,
      () => 0,
    )
    if (built >= (await newestSource(sourceDir))) return bundle
    const { build } = await import('esbuild')
    await mkdir(path.dirname(bundle), { recursive: true })
    // Built under a temporary name and renamed, so parallel test processes never load half a file.
    const temporary = `${bundle}.${randomUUID()}.tmp.mjs`
    await build({
      entryPoints: [entry],
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
    ready = undefined
    throw error
  })
  return ready
}
