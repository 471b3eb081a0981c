import { createHash } from 'node:crypto'
import { createReadStream, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'

import { CreateMultipartUploadCommand, PutObjectCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { INCOMING_OBJECT_MAX_AGE_MS, INCOMING_UPLOAD_MAX_AGE_MS } from '../../api/storage/bucket-incoming-sweep'
import { createDiskFileStore, FileTooLargeError, StoredFileMissingError } from '../../api/storage/file-store'
import { createS3FileStore, type S3StoreOptions } from '../../api/storage/s3-file-store'
import { type LocalS3, S3_CREDENTIALS, startLocalS3 } from './support/s3-server'

const MB = 1024 * 1024
const CHUNK = 64 * 1024

/** `megabytes` of bytes that differ from chunk to chunk, made as they are read (never held whole). */
function generated(megabytes: number, seed = 0, beforeChunk?: (offset: number) => Promise<void>) {
  async function* chunks() {
    for (let offset = 0; offset < megabytes * MB; offset += CHUNK) {
      await beforeChunk?.(offset)
      const chunk = Buffer.alloc(CHUNK)
      for (let index = 0; index < CHUNK; index += 4) chunk.writeUInt32LE((offset + index + seed) >>> 0, index)
      yield chunk
    }
  }
  return Readable.from(chunks())
}

async function sha256(stream: Readable) {
  const hash = createHash('sha256')
  for await (const chunk of stream) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/** Every file under `folder` (the staging folders themselves may stay, empty). */
const filesUnder = (folder: string) =>
  readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.join(entry.parentPath, entry.name))

/** Where the content-addressed object of `key` lies in the bucket. */
const objectOf = (key: string, prefix = '') => `${prefix}files/${key.slice(0, 2)}/${key.slice(2, 4)}/${key}`

let s3: LocalS3
let scratchDir: string
let options: S3StoreOptions

beforeAll(async () => {
  s3 = await startLocalS3()
  scratchDir = mkdtempSync(path.join(tmpdir(), 'exit-planning-scratch-'))
  options = {
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: 'us-east-1',
    credentials: S3_CREDENTIALS,
    forcePathStyle: true,
    prefix: '',
    scratchDir,
  }
})
afterAll(async () => {
  await s3.close()
  rmSync(scratchDir, { recursive: true, force: true })
})

describe('S3 file store', () => {
  it('streams a file bigger than a part into the bucket under its SHA-256, and stores the same bytes once', async () => {
    const store = createS3FileStore(options)
    const expected = await sha256(generated(12))
    // The source waits, half way through, for the first part to reach the server: the file is sent
    // while it is still being read, not gathered first.
    let sentWhileReading = false
    const source = generated(12, 0, async (offset) => {
      if (offset !== 6 * MB) return
      await vi.waitFor(() => expect(s3.pendingParts()).not.toEqual([]), { timeout: 10_000, interval: 20 })
      sentWhileReading = true
    })

    const stored = await store.put(source, 20 * MB)
    expect(sentWhileReading).toBe(true)
    expect(stored).toMatchObject({ key: expected, size: 12 * MB, created: true })
    expect(Buffer.from(stored.head)).toEqual((await generated(1).toArray())[0].subarray(0, 4096))
    expect(await s3.keys()).toEqual([objectOf(expected)])
    expect(s3.pendingParts()).toEqual([])

    const again = await store.put(generated(12), 20 * MB)
    expect(again).toMatchObject({ key: expected, size: 12 * MB, created: false })
    expect(await s3.keys()).toEqual([objectOf(expected)])

    expect(await sha256(store.read(expected))).toBe(expected)
    await store.remove(expected)
    expect(await s3.keys()).toEqual([])
  })

  it('refuses a file past the limit while it streams, leaving no object and no part behind', async () => {
    const store = createS3FileStore(options)
    await expect(store.put(generated(8), 6 * MB)).rejects.toBeInstanceOf(FileTooLargeError)
    expect(await s3.keys()).toEqual([])
    expect(s3.pendingParts()).toEqual([])
    // Under a part: refused before anything is sent.
    await expect(store.put(generated(1), MB - 1)).rejects.toBeInstanceOf(FileTooLargeError)
    expect(await s3.keys()).toEqual([])
  })

  it('keeps nothing of a body that breaks off, and says why', async () => {
    const store = createS3FileStore(options)
    const broken = generated(7, 0, async (offset) => {
      if (offset === 6 * MB) throw new Error('connection reset by the client')
    })
    await expect(store.put(broken, 20 * MB)).rejects.toThrow('connection reset by the client')
    expect(await s3.keys()).toEqual([])
    expect(s3.pendingParts()).toEqual([])
  })

  it('reads small files back byte for byte, and fails the stream (never the process) for a missing one', async () => {
    const store = createS3FileStore(options)
    const stored = await store.put(Readable.from([Buffer.from('Revenue grew 12% last year.')]), MB)
    expect(stored).toMatchObject({ size: 27, created: true })
    expect(Buffer.concat(await store.read(stored.key).toArray()).toString()).toBe('Revenue grew 12% last year.')
    const empty = await store.put(Readable.from([]), MB)
    expect(empty).toMatchObject({ key: createHash('sha256').digest('hex'), size: 0, created: true })
    expect(await store.read(empty.key).toArray()).toEqual([])

    const missing = createHash('sha256').update('never stored').digest('hex')
    await expect(store.read(missing).toArray()).rejects.toBeInstanceOf(StoredFileMissingError)
    expect(() => store.read('../../etc/passwd')).toThrow('Invalid storage key')

    await store.remove(stored.key)
    await store.remove(empty.key)
    expect(await s3.keys()).toEqual([])
  })

  it('hands parsers a scratch copy of the object and removes it afterwards, whatever the parser did', async () => {
    const store = createS3FileStore(options)
    const stored = await store.put(generated(6, 7), 20 * MB)
    let seen = ''
    const digest = await store.withLocalFile(stored.key, async (file) => {
      seen = file
      expect(file.startsWith(scratchDir)).toBe(true)
      return sha256(createReadStream(file))
    })
    expect(digest).toBe(stored.key)
    expect(existsSync(seen)).toBe(false)

    await expect(
      store.withLocalFile(stored.key, async (file) => {
        seen = file
        throw new Error('the parser gave up')
      }),
    ).rejects.toThrow('the parser gave up')
    expect(existsSync(seen)).toBe(false)

    const stopped = new AbortController()
    stopped.abort()
    const use = vi.fn(async () => 'read')
    await expect(store.withLocalFile(stored.key, use, { signal: stopped.signal })).rejects.toThrow()
    expect(use).not.toHaveBeenCalled()

    const missing = createHash('sha256').update('never stored').digest('hex')
    await expect(store.withLocalFile(missing, use)).rejects.toBeInstanceOf(StoredFileMissingError)
    expect(use).not.toHaveBeenCalled()
    expect(filesUnder(scratchDir)).toEqual([])
    await store.remove(stored.key)
  })

  it('keeps its objects under S3_PREFIX', async () => {
    const store = createS3FileStore({ ...options, prefix: 'tenants/exit-planner/' })
    const stored = await store.put(Readable.from([Buffer.from('prefixed')]), MB)
    expect(await s3.keys()).toEqual([objectOf(stored.key, 'tenants/exit-planner/')])
    expect(Buffer.concat(await store.read(stored.key).toArray()).toString()).toBe('prefixed')
    await store.remove(stored.key)
    expect(await s3.keys()).toEqual([])
  })

  it('is ready when the bucket answers, and says why not when it is missing, refused or unreachable', async () => {
    await expect(createS3FileStore(options).check()).resolves.toBeUndefined()
    await expect(createS3FileStore({ ...options, bucket: 'no-such-bucket' }).check()).rejects.toThrow(
      'Object storage bucket "no-such-bucket" does not exist',
    )
    await expect(
      createS3FileStore({ ...options, credentials: { accessKeyId: 'unknown', secretAccessKey: 'wrong' } }).check(),
    ).rejects.toThrow(`Object storage bucket "${s3.bucket}" refused access with these credentials`)
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number }
        server.close(() => resolve(port))
      })
    })
    const unreachable = createS3FileStore({ ...options, endpoint: `http://127.0.0.1:${closedPort}` })
    await expect(unreachable.check()).rejects.toThrow(`Object storage bucket "${s3.bucket}" could not be reached`)
  })
})

describe('what a process killed mid-upload leaves in the bucket', () => {
  it('deletes a temporary object left an hour and aborts an upload begun a day before, nothing newer and nothing outside incoming/', async () => {
    const store = createS3FileStore(options)
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: S3_CREDENTIALS,
    })
    const Bucket = s3.bucket
    try {
      const stored = await store.put(Readable.from([Buffer.from('kept')]), MB)
      // Killed between the end of its upload and the copy: the whole temporary object is left.
      await client.send(new PutObjectCommand({ Bucket, Key: 'incoming/left-behind', Body: 'staged' }))
      // Killed while it sent parts: an upload neither completed nor aborted, its parts kept.
      const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: 'incoming/cut-off' }))
      await client.send(
        new UploadPartCommand({ Bucket, Key: 'incoming/cut-off', UploadId, PartNumber: 1, Body: Buffer.alloc(1024) }),
      )
      const sweep = store.staging.find((place) => place.id === `s3://${Bucket}/incoming/`)!
      const kept = [objectOf(stored.key), 'incoming/left-behind'].sort()

      expect(await sweep.sweep()).toEqual([])
      expect(await s3.keys()).toEqual(kept)
      expect(s3.pendingParts()).toHaveLength(1)

      const anHourOn = Date.now() + INCOMING_OBJECT_MAX_AGE_MS + 60_000
      expect(await sweep.sweep(anHourOn)).toEqual([{ name: 'incoming/left-behind', bytes: 6, reason: 'owner gone' }])
      expect(await s3.keys()).toEqual([objectOf(stored.key)])
      expect(s3.pendingParts()).toHaveLength(1)

      const aDayOn = Date.now() + INCOMING_UPLOAD_MAX_AGE_MS + 60_000
      expect(await sweep.sweep(aDayOn)).toEqual([
        { name: `incoming/cut-off (upload ${UploadId})`, bytes: 0, reason: 'owner gone' },
      ])
      expect(s3.pendingParts()).toEqual([])
      expect(await s3.keys()).toEqual([objectOf(stored.key)])
      await store.remove(stored.key)
    } finally {
      client.destroy()
    }
  })
})

describe('disk file store readiness', () => {
  it('is ready when its files folder can be written, and not when DATA_DIR is not a folder', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'exit-planning-disk-'))
    try {
      await expect(createDiskFileStore(dataDir).check()).resolves.toBeUndefined()
      expect(existsSync(path.join(dataDir, 'files', 'incoming'))).toBe(true)
      const notAFolder = path.join(dataDir, 'plain-file')
      writeFileSync(notAFolder, 'not a folder')
      await expect(createDiskFileStore(notAFolder).check()).rejects.toThrow(/ENOTDIR|EEXIST/)
      const missing = createHash('sha256').update('never stored').digest('hex')
      await expect(createDiskFileStore(dataDir).withLocalFile(missing, async () => 'read')).rejects.toBeInstanceOf(
        StoredFileMissingError,
      )
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
