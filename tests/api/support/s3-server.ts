import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import S3rver, { type KoaContext } from '@20minutes/s3rver'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'

/** s3rver's built-in account: any other key is refused. */
export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

export interface LocalS3 {
  endpoint: string
  bucket: string
  /** The settings that put the backend's files in this bucket. */
  env: Record<string, string>
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>
  /** Parts of multipart uploads neither completed nor aborted, as s3rver keeps them on its disk. */
  pendingParts(): string[]
  close(): Promise<void>
}

/**
 * AbortMultipartUpload (`DELETE /bucket/key?uploadId=…`), which s3rver lacks: the upload's parts are
 * dropped from where s3rver keeps them (`<bucket>/._S3rver_uploads/<uploadId>/`), as S3 drops them.
 */
function abortMultipartUpload(bucketDirectory: string) {
  return async (context: KoaContext, next: () => Promise<void>) => {
    const uploadId = context.query.uploadId
    if (context.method !== 'DELETE' || typeof uploadId !== 'string') return next()
    if (!/^[A-Za-z0-9_-]+$/.test(uploadId)) {
      context.status = 400
      return
    }
    await rm(path.join(bucketDirectory, '._S3rver_uploads', uploadId), { recursive: true, force: true })
    context.status = 204
  }
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * ListMultipartUploads (`GET /bucket?uploads`), which s3rver lacks: the uploads it keeps under
 * `<bucket>/._S3rver_uploads/<uploadId>/`, each begun when its `key` file was written. One page.
 */
function listMultipartUploads(bucket: string, bucketDirectory: string) {
  return async (context: KoaContext, next: () => Promise<void>) => {
    if (context.method !== 'GET' || !('uploads' in context.query) || context.path.replace(/\/$/, '') !== `/${bucket}`) {
      return next()
    }
    const prefix = typeof context.query.prefix === 'string' ? context.query.prefix : ''
    const folder = path.join(bucketDirectory, '._S3rver_uploads')
    const uploads: string[] = []
    for (const uploadId of await readdir(folder).catch(() => [] as string[])) {
      const keyFile = path.join(folder, uploadId, 'key')
      const key = await readFile(keyFile, 'utf8').catch(() => undefined)
      if (key === undefined || !key.startsWith(prefix)) continue
      const initiated = (await stat(keyFile)).mtime.toISOString()
      uploads.push(
        `<Upload><Key>${xml(key)}</Key><UploadId>${uploadId}</UploadId><Initiated>${initiated}</Initiated></Upload>`,
      )
    }
    context.type = 'application/xml'
    context.body =
      '<?xml version="1.0" encoding="UTF-8"?>' +
      '<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
      `<Bucket>${xml(bucket)}</Bucket><Prefix>${xml(prefix)}</Prefix><MaxUploads>1000</MaxUploads>` +
      `<IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`
  }
}

/**
 * A local S3-protocol server (s3rver) on a free loopback port, its data in a fresh temporary folder,
 * with one empty bucket.
 */
export async function startLocalS3(bucket = 'exit-planner-test'): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'exit-planning-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
    // s3rver signs a bucket's own requests (HeadBucket, ListObjects) over `/bucket` where SDK v3
    // signs `/bucket/`, so their signatures never match; the access key is still checked.
    allowMismatchedSignatures: true,
  })
  server.middleware.unshift(
    abortMultipartUpload(path.join(directory, bucket)),
    listMultipartUploads(bucket, path.join(directory, bucket)),
  )
  const { port } = await server.run()
  // s3rver deletes an object's folder once it looks empty, recursively: a second process writing its
  // temporary into `incoming/` in that instant lost it ("NoSuchKey" on the copy that follows, a web
  // server dying at start in scale-out.js-only.spec.ts). Real S3 has no folders; a file s3rver does not
  // list as an object keeps this one from ever looking empty.
  mkdirSync(path.join(directory, bucket, 'incoming'), { recursive: true })
  writeFileSync(path.join(directory, bucket, 'incoming', '.keep'), '')
  const endpoint = `http://127.0.0.1:${port}`
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3_CREDENTIALS })
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
    },
    async keys() {
      const keys: string[] = []
      let token: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }))
        keys.push(...(page.Contents ?? []).map((object) => object.Key!))
        token = page.NextContinuationToken
      } while (token)
      return keys.sort()
    },
    pendingParts() {
      const root = path.join(directory, bucket)
      return (readdirSync(root, { recursive: true }) as string[]).filter(
        (name) => name.includes('_S3rver_uploads') && /^\d+$/.test(path.basename(name)),
      )
    },
    async close() {
      client.destroy()
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
