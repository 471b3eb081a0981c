import { readdirSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const MB = 1024 * 1024
/** What a small data room needs: search measured no slower at 16 MB, and slower at 8 (decision 009). */
export const MIN_SHARED_BUFFERS_MB = 16

/**
 * The embedded database's shared buffers, in MB: a sixteenth of its files, between 16 MB and a
 * sixteenth of the memory this process may use. PGlite makes the whole buffer pool resident when
 * it starts (16 MB more of them is 16 MB more RSS, read or not), so the pool follows the data: a
 * data room of 60 documents keeps 16 MB, one of 100,000 chunks (2.6 GB of files) gets some 160 MB,
 * which holds its vector index (93 MB) and the pages a search reads most, instead of reading most
 * of them again through the file system at every query (docs/decisions/080).
 */
export function sharedBuffersMb({ databaseBytes, memoryBytes }: { databaseBytes: number; memoryBytes: number }) {
  const wanted = Math.floor(databaseBytes / 16 / MB)
  const ceiling = Math.max(MIN_SHARED_BUFFERS_MB, Math.floor(memoryBytes / 16 / MB))
  return Math.min(ceiling, Math.max(MIN_SHARED_BUFFERS_MB, wanted))
}

/** The memory this process may use: the machine's, or its container's limit when lower. */
export function memoryLimitBytes() {
  const constrained = process.constrainedMemory()
  return constrained > 0 ? Math.min(constrained, os.totalmem()) : os.totalmem()
}

/** The size of the database's relation files (`base/`, without the write-ahead log). */
export function databaseBytes(pgdata: string) {
  let total = 0
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const file = path.join(directory, entry.name)
      if (entry.isDirectory()) walk(file)
      else if (entry.isFile()) total += statSync(file).size
    }
  }
  try {
    walk(path.join(pgdata, 'base'))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  return total
}
