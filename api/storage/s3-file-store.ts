import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import path from 'node:path'
import { PassThrough, pipeline as pipe, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'

import { PRIVATE_FILE_MODE } from '../../runtime/owner-only-files'
import { stagingArea } from '../../runtime/staging-area'
import { bucketIncomingSweep } from './bucket-incoming-sweep'
import { contentMeter } from './content-meter'
import { type FileStore, isStorageKey, StoredFileMissingError } from './file-store'

export interface S3StoreOptions {
  bucket: string
  /** Another S3-compatible service (SeaweedFS, R2, a local test server); unset, AWS itself. */
  endpoint?: string
  region: string
  /** Unset, the SDK's default credential chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string }
  /** `bucket.host/key` is AWS's default; most self-hosted services want `host/bucket/key`. */
  forcePathStyle: boolean
  /** Put before every key (e.g. `exit-planner/`), so one bucket can hold other things too. */
  prefix: string
  /** A folder on this machine for the scratch copies handed to parsers that need a path. */
  scratchDir: string
}

// Parts the multipart upload holds in memory at once: at most (QUEUE_SIZE + 1) × PART_SIZE bytes
// per upload (one part being filled, the others in flight), whatever the size of the file.
const PART_SIZE = 5 * 1024 * 1024
const QUEUE_SIZE = 2
// A readiness check answers within this, however the network fails.
const CHECK_TIMEOUT_MS = 5_000

const httpStatus = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
// Scratch folders of the versions before decision 048, made by mkdtemp directly in the scratch folder.
const EARLIER_SCRATCH = /^object-[A-Za-z0-9]{6}$/

const isMissing = (error: unknown) => {
  const name = (error as Error).name
  return name === 'NoSuchKey' || name === 'NotFound' || httpStatus(error) === 404
}

/**
 * Files in an S3-compatible bucket under `<prefix>files/ab/cd/<sha256>`, like the disk store's layout.
 * An upload streams to a temporary key while it is hashed, then is copied to its content address
 * (unless the same bytes are already there) and the temporary key removed.
 */
export function createS3FileStore(options: S3StoreOptions): FileStore {
  const { bucket, prefix } = options
  const scratch = stagingArea({ root: options.scratchDir, legacy: EARLIER_SCRATCH })
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Without it a connection to an address that never answers waits for the operating system.
    requestHandler: { connectionTimeout: 5_000 },
  })
  const objectKey = (key: string) => {
    if (!isStorageKey(key)) throw new Error('Invalid storage key')
    return `${prefix}files/${key.slice(0, 2)}/${key.slice(2, 4)}/${key}`
  }
  const copySource = (key: string) => `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`
  const exists = async (key: string) => {
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))
      return true
    } catch (error) {
      if (isMissing(error)) return false
      throw error
    }
  }
  const deleteObject = (key: string) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))

  return {
    async put(source, maxBytes) {
      const meter = contentMeter(maxBytes)
      // Either side failing ends both: a body cut off fails the upload, a refused size stops the body.
      let refusal: Error | undefined
      pipe(source, meter.stream, (error) => {
        refusal ??= error ?? undefined
      })
      const temporary = `${prefix}incoming/${randomUUID()}`
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: temporary, Body: meter.stream, ContentType: 'application/octet-stream' },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
      })
      try {
        // A failed multipart upload is aborted by the SDK, which drops the parts sent so far.
        await upload.done()
      } catch (error) {
        meter.stream.destroy()
        await deleteObject(temporary).catch(() => {})
        // The SDK reports a failure to abort the upload in place of what stopped it: the body's own
        // failure (too large, cut off) is the one the caller can act on.
        throw refusal ?? error
      }
      const { key, size, head } = meter.result()
      const target = objectKey(key)
      try {
        const created = !(await exists(target))
        if (created) {
          await client.send(new CopyObjectCommand({ Bucket: bucket, Key: target, CopySource: copySource(temporary) }))
        }
        return { key, size, head, created }
      } finally {
        await deleteObject(temporary).catch(() => {})
      }
    },

    read(key) {
      const out = new PassThrough()
      const abort = new AbortController()
      // A reader that goes away early (a download cancelled) ends the request to the bucket too.
      out.once('close', () => {
        if (!out.readableEnded) abort.abort()
      })
      client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }), { abortSignal: abort.signal }).then(
        ({ Body }) => pipe(Body as Readable, out, () => {}),
        (error: unknown) =>
          out.destroy(
            isMissing(error) ? new StoredFileMissingError(`Stored file ${key} is missing`) : (error as Error),
          ),
      )
      return out
    },

    async withLocalFile(key, use, { signal } = {}) {
      const name = objectKey(key)
      const folder = await mkdtemp(path.join(await scratch.folder(), 'object-'))
      try {
        const file = path.join(folder, key)
        let body: Readable
        try {
          body = (await client.send(new GetObjectCommand({ Bucket: bucket, Key: name }), { abortSignal: signal }))
            .Body as Readable
        } catch (error) {
          if (isMissing(error)) throw new StoredFileMissingError(`Stored file ${key} is missing`)
          throw error
        }
        await pipeline(body, createWriteStream(file, { mode: PRIVATE_FILE_MODE }), { signal })
        return await use(file)
      } finally {
        await rm(folder, { recursive: true, force: true })
      }
    },

    async remove(key) {
      await deleteObject(objectKey(key))
    },

    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }), {
          abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
        })
      } catch (error) {
        throw new Error(`Object storage bucket "${bucket}" ${checkFailure(error)}`, { cause: error })
      }
    },

    staging: [scratch, bucketIncomingSweep(client, bucket, `${prefix}incoming/`)],
  }
}

/** Why HeadBucket failed, in words for the readiness answer and the log. */
function checkFailure(error: unknown) {
  const status = httpStatus(error)
  if (status === 404) return 'does not exist'
  if (status === 403 || status === 401) return 'refused access with these credentials'
  if (status) return `answered ${status}`
  const cause = error as { code?: string; name?: string; message?: string }
  return `could not be reached (${cause.code ?? cause.name ?? cause.message})`
}
