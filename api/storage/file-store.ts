import { createHash, randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { access, constants, mkdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'

export interface StoredFile {
  /** Where the bytes are: their SHA-256, so the same file uploaded twice is stored once. */
  key: string
  size: number
  /** The first bytes, for checking the content against the file type. */
  head: Uint8Array
  /** False when the same bytes were already stored (by another document or version). */
  created: boolean
}

export class FileTooLargeError extends Error {
  name = 'FileTooLargeError'
}

/** Storage of uploaded files behind a small interface, so an object store can replace the disk. */
export interface FileStore {
  /** Streams a file in, refusing it once it passes `maxBytes`; nothing is kept of a refused file. */
  put(source: Readable, maxBytes: number): Promise<StoredFile>
  read(key: string): Readable
  /** A local path to the bytes, for parsers that need one. */
  localPath(key: string): string
  remove(key: string): Promise<void>
  /** Resolves when files can be stored (the readiness check); rejects with the reason otherwise. */
  check(): Promise<void>
}

const HEAD_BYTES = 4096

/** Files under DATA_DIR/files/ab/cd/<sha256>, written to a temporary name first and renamed. */
export function createDiskFileStore(dataDir: string): FileStore {
  const root = path.resolve(dataDir, 'files')
  const pathOf = (key: string) => {
    if (!/^[a-f0-9]{64}$/.test(key)) throw new Error('Invalid storage key')
    return path.join(root, key.slice(0, 2), key.slice(2, 4), key)
  }
  return {
    async put(source, maxBytes) {
      // The source may fail (a body cut off) before the pipeline below attaches to it; this listener
      // keeps that error from being unhandled, and the pipeline still sees the stream as failed.
      source.on('error', () => {})
      const incoming = path.join(root, 'incoming')
      await mkdir(incoming, { recursive: true })
      const temporary = path.join(incoming, randomUUID())
      const hash = createHash('sha256')
      const head: Buffer[] = []
      let headLength = 0
      let size = 0
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length
          if (size > maxBytes) return done(new FileTooLargeError())
          hash.update(chunk)
          if (headLength < HEAD_BYTES) {
            head.push(chunk.subarray(0, HEAD_BYTES - headLength))
            headLength += Math.min(chunk.length, HEAD_BYTES - headLength)
          }
          done(null, chunk)
        },
      })
      const sink = createWriteStream(temporary)
      try {
        await pipeline(source, meter, sink)
      } catch (error) {
        // A file stream that fails while still opening creates its file afterwards: remove it once
        // the stream has closed, or it stays behind.
        if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()))
        await rm(temporary, { force: true })
        throw error
      }
      const key = hash.digest('hex')
      const target = pathOf(key)
      try {
        await mkdir(path.dirname(target), { recursive: true })
        const created = !(await fileExists(target))
        await rename(temporary, target)
        return { key, size, head: new Uint8Array(Buffer.concat(head)), created }
      } catch (error) {
        await rm(temporary, { force: true })
        throw error
      }
    },
    read: (key) => createReadStream(pathOf(key)),
    localPath: pathOf,
    async remove(key) {
      await rm(pathOf(key), { force: true })
    },
    async check() {
      await mkdir(root, { recursive: true })
      await access(root, constants.W_OK)
    },
  }
}

export async function fileExists(file: string) {
  try {
    return (await stat(file)).isFile()
  } catch {
    return false
  }
}
