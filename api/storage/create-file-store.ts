import path from 'node:path'

import type { ApiConfig } from '../kernel/config'
import { createDiskFileStore, type FileStore } from './file-store'
import { createS3FileStore } from './s3-file-store'

/** The disk under DATA_DIR by default; the S3-compatible bucket S3_BUCKET names when it is set. */
export function createFileStore(config: ApiConfig): FileStore {
  if (!config.S3_BUCKET) return createDiskFileStore(config.DATA_DIR)
  return createS3FileStore({
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: config.S3_PREFIX,
    scratchDir: path.resolve(config.DATA_DIR, 'scratch'),
  })
}
