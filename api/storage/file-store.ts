import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { access, constants, mkdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../runtime/owner-only-files'
import { stagingArea } from '../../runtime/staging-area'
import type { Sweepable } from '../../runtime/staging-sweeps'
import { contentMeter } from './content-meter'

export { FileTooLargeError } from './content-meter'

export interface StoredFile {
  /** Where the bytes are: their SHA-256, so the same file uploaded twice is stored once. */
  key: string
  size: number
  /** The first bytes, for checking the content against the file type. */
  head: Uint8Array
  /** False when the same bytes were already stored (by another document or version). */
  created: boolean
}

/** A stored file asked for that is not there (removed, or never stored). */
export class StoredFileMissingError extends Error {
  name = 'StoredFileMissingError'
}

/** Storage of uploaded files behind a small interface: the disk (the default) or an S3 bucket. */
export interface FileStore {
  /** Streams a file in, refusing it once it passes `maxBytes`; nothing is kept of a refused file. */
  put(source: Readable, maxBytes: number): Promise<StoredFile>
  /** The bytes as a stream; a missing or unreadable file fails the stream, never the caller. */
  read(key: string): Readable
  /**
   * Runs `use` with a path on this machine holding the bytes, for parsers that need one. A store
   * elsewhere streams them to a scratch file first and removes it once `use` has settled; the disk
   * store hands over its own file. Fails with StoredFileMissingError when the file is not stored.
   */
  withLocalFile<T>(key: string, use: (file: string) => Promise<T>, options?: { signal?: AbortSignal }): Promise<T>
  remove(key: string): Promise<void>
  /** Resolves when files can be stored; rejects with the reason otherwise (for the readiness check). */
  check(): Promise<void>
  /**
   * Where the store stages what it is given before it has its content address (decision 048): a
   * process that stores files keeps these swept, so what a killed process left behind is removed.
   */
  staging: Sweepable[]
}

// Temporaries of the versions before decision 048, named by randomUUID directly under incoming/.
const EARLIER_INCOMING = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export const isStorageKey = (key: string) => /^[a-f0-9]{64}$/.test(key)

/**
 * Files under DATA_DIR/files/ab/cd/<sha256>, written to a temporary name first and renamed. The
 * temporary lies in this process's folder under files/incoming (on the same file system as the
 * files, so the rename never copies).
 */
export function createDiskFileStore(dataDir: string): FileStore {
  const root = path.resolve(dataDir, 'files')
  const incoming = path.join(root, 'incoming')
  const staging = stagingArea({ root: incoming, legacy: EARLIER_INCOMING })
  const pathOf = (key: string) => {
    if (!isStorageKey(key)) throw new Error('Invalid storage key')
    return path.join(root, key.slice(0, 2), key.slice(2, 4), key)
  }
  return {
    async put(source, maxBytes) {
      // The source may fail (a body cut off) before the pipeline below attaches to it; this listener
      // keeps that error from being unhandled, and the pipeline still sees the stream as failed.
      source.on('error', () => {})
      const temporary = path.join(await staging.folder(), randomUUID())
      const meter = contentMeter(maxBytes)
      const sink = createWriteStream(temporary, { mode: PRIVATE_FILE_MODE })
      try {
        await pipeline(source, meter.stream, sink)
      } catch (error) {
        // A file stream that fails while still opening creates its file afterwards: remove it once
        // the stream has closed, or it stays behind.
        if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()))
        await rm(temporary, { force: true })
        throw error
      }
      const { key, size, head } = meter.result()
      const target = pathOf(key)
      try {
        await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE })
        const created = !(await fileExists(target))
        await rename(temporary, target)
        return { key, size, head, created }
      } catch (error) {
        await rm(temporary, { force: true })
        throw error
      }
    },
    read: (key) => createReadStream(pathOf(key)),
    async withLocalFile(key, use) {
      const file = pathOf(key)
      if (!(await fileExists(file))) throw new StoredFileMissingError(`Stored file ${key} is missing`)
      return use(file)
    },
    async remove(key) {
      await rm(pathOf(key), { force: true })
    },
    async check() {
      await mkdir(incoming, { recursive: true, mode: PRIVATE_DIR_MODE })
      await access(incoming, constants.W_OK)
    },
    staging: [staging],
  }
}

export async function fileExists(file: string) {
  try {
    return (await stat(file)).isFile()
  } catch {
    return false
  }
}

declare module '../kernel/context' {
  interface Deps {
    files: FileStore
  }
}
