import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  type S3Client,
} from '@aws-sdk/client-s3'

import { log } from '../../runtime/log'
import type { Sweepable, SweptEntry } from '../../runtime/staging-sweeps'

/**
 * A whole temporary object lives only between the end of its upload and its copy to its content
 * address (a copy of 5 GB at most): one an hour old was left by a process that died in between.
 */
export const INCOMING_OBJECT_MAX_AGE_MS = 60 * 60_000

/**
 * An upload still sending parts may last as long as its client's line allows: the same day AWS's
 * usual lifecycle rule gives it (decision 017), for services that have no such rules.
 */
export const INCOMING_UPLOAD_MAX_AGE_MS = 24 * 60 * 60_000

/** Listing the bucket costs requests, and nothing there is removed before an hour: not every minute. */
const BUCKET_SWEEP_EVERY_MS = 10 * 60_000

const notImplemented = (error: unknown) =>
  (error as Error).name === 'NotImplemented' ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 501

/**
 * What processes killed mid-upload left under the bucket's `incoming/` (decision 048). Which process
 * owns an upload in flight cannot be known from here (several machines share the bucket), so age
 * decides: temporary objects left past INCOMING_OBJECT_MAX_AGE_MS are deleted, multipart uploads
 * begun more than INCOMING_UPLOAD_MAX_AGE_MS ago are aborted (their parts dropped).
 */
export function bucketIncomingSweep(client: S3Client, bucket: string, incoming: string) {
  let listsUploads = true
  return {
    id: `s3://${bucket}/${incoming}`,
    everyMs: BUCKET_SWEEP_EVERY_MS,
    async sweep(now = Date.now()) {
      const removed: SweptEntry[] = []
      let token: string | undefined
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: incoming, ContinuationToken: token }),
        )
        for (const { Key, LastModified, Size } of page.Contents ?? []) {
          if (!Key || !LastModified || now - LastModified.getTime() < INCOMING_OBJECT_MAX_AGE_MS) continue
          await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }))
          removed.push({ name: Key, bytes: Size ?? 0, reason: 'owner gone' })
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token)
      if (listsUploads) {
        try {
          removed.push(...(await abortOldUploads(client, bucket, incoming, now)))
        } catch (error) {
          if (!notImplemented(error)) throw error
          listsUploads = false
          log.warn(
            { bucket },
            'the object store cannot list multipart uploads: give the bucket a lifecycle rule that aborts incomplete ones after a day',
          )
        }
      }
      return removed
    },
  } satisfies Sweepable
}

async function abortOldUploads(client: S3Client, bucket: string, incoming: string, now: number) {
  const aborted: SweptEntry[] = []
  let keyMarker: string | undefined
  let uploadIdMarker: string | undefined
  do {
    const page = await client.send(
      new ListMultipartUploadsCommand({
        Bucket: bucket,
        Prefix: incoming,
        KeyMarker: keyMarker,
        UploadIdMarker: uploadIdMarker,
      }),
    )
    for (const { Key, UploadId, Initiated } of page.Uploads ?? []) {
      if (!Key || !UploadId || !Initiated || now - Initiated.getTime() < INCOMING_UPLOAD_MAX_AGE_MS) continue
      await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key, UploadId }))
      aborted.push({ name: `${Key} (upload ${UploadId})`, bytes: 0, reason: 'owner gone' })
    }
    ;[keyMarker, uploadIdMarker] = page.IsTruncated ? [page.NextKeyMarker, page.NextUploadIdMarker] : []
  } while (keyMarker)
  return aborted
}
