import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const rootDir = fileURLToPath(new URL('../', import.meta.url))
const bundleDir = fileURLToPath(new URL('../build/workers/', import.meta.url))

/**
 * When the newest of the files a bundle was built from last changed; Infinity when the list is
 * missing or one of them is gone, so the bundle is built again.
 */
async function newestInput(inputsFile: string): Promise<number> {
  try {
    const inputs = JSON.parse(await readFile(inputsFile, 'utf8')) as string[]
    const times = await Promise.all(inputs.map(async (input) => (await stat(input)).mtimeMs))
    return Math.max(0, ...times)
  } catch {
    return Infinity
  }
}

const bundles = new Map<string, Promise<string>>()

/**
 * A worker thread's or child process's entry (a path from the project's root: `api/…` or `app/…`)
 * as one plain ES module, rebuilt when any source it was built from changes (esbuild's list of them is kept beside it, so a module
 * from another folder, such as the logger, counts too). Neither inherits the TypeScript loader,
 * and registering it there costs ~300 MB each because it transforms pdf.js on every load; a
 * bundle with its packages left external costs nothing.
 */
export function threadBundle(entry: string): Promise<string> {
  let ready = bundles.get(entry)
  if (ready) return ready
  ready = (async () => {
    const source = path.join(rootDir, entry)
    const bundle = path.join(bundleDir, `${path.basename(entry).replace(/\.tsx?$/, '')}.mjs`)
    const inputsFile = `${bundle}.inputs.json`
    const built = await stat(bundle).then(
      (info) => info.mtimeMs,
      () => 0,
    )
    if (built >= (await newestInput(inputsFile))) return bundle
    const { build } = await import('esbuild')
    await mkdir(bundleDir, { recursive: true })
    // Built under a temporary name and renamed, so parallel test processes never load half a file.
    const temporary = `${bundle}.${randomUUID()}.tmp.mjs`
    const { metafile } = await build({
      metafile: true,
      entryPoints: [source],
      outfile: temporary,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      logLevel: 'error',
    })
    const inputs = Object.keys(metafile.inputs).map((input) => path.resolve(input))
    await writeFile(`${temporary}.inputs.json`, JSON.stringify(inputs))
    await rename(`${temporary}.inputs.json`, inputsFile)
    await rename(temporary, bundle)
    return bundle
  })().catch((error) => {
    bundles.delete(entry)
    throw error
  })
  bundles.set(entry, ready)
  return ready
}
