import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os, { tmpdir } from 'node:os'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { databaseBytes, memoryLimitBytes, MIN_SHARED_BUFFERS_MB, sharedBuffersMb } from '../../api/db/shared-buffers'

const MB = 1024 * 1024
const GB = 1024 * MB

describe('the embedded database’s shared buffers', () => {
  it('stay at 16 MB for a small data room, since PGlite makes them all resident at start', () => {
    expect(sharedBuffersMb({ databaseBytes: 0, memoryBytes: 24 * GB })).toBe(MIN_SHARED_BUFFERS_MB)
    expect(sharedBuffersMb({ databaseBytes: 80 * MB, memoryBytes: 24 * GB })).toBe(16)
  })

  it('grow with the database, a sixteenth of its files', () => {
    // The benchmark's 100,000-chunk data room: 2.6 GB of files, a 93 MB vector index.
    expect(sharedBuffersMb({ databaseBytes: 2.6 * GB, memoryBytes: 24 * GB })).toBe(166)
    expect(sharedBuffersMb({ databaseBytes: 8 * GB, memoryBytes: 24 * GB })).toBe(512)
  })

  it('keep to a sixteenth of the memory the process may use, and never below 16 MB', () => {
    expect(sharedBuffersMb({ databaseBytes: 8 * GB, memoryBytes: 2 * GB })).toBe(128)
    expect(sharedBuffersMb({ databaseBytes: 8 * GB, memoryBytes: 128 * MB })).toBe(16)
  })

  it('read the memory limit as the lower of the machine’s and the container’s', () => {
    expect(memoryLimitBytes()).toBeGreaterThan(0)
    expect(memoryLimitBytes()).toBeLessThanOrEqual(os.totalmem())
  })

  it('count the relation files, not the write-ahead log', () => {
    const pgdata = mkdtempSync(path.join(tmpdir(), 'shared-buffers-'))
    try {
      expect(databaseBytes(pgdata)).toBe(0)
      mkdirSync(path.join(pgdata, 'base', '5'), { recursive: true })
      mkdirSync(path.join(pgdata, 'pg_wal'))
      writeFileSync(path.join(pgdata, 'base', '5', '16384'), Buffer.alloc(8192))
      writeFileSync(path.join(pgdata, 'base', '5', '16385'), Buffer.alloc(4096))
      writeFileSync(path.join(pgdata, 'pg_wal', '000000010000000000000001'), Buffer.alloc(16384))
      expect(databaseBytes(pgdata)).toBe(12288)
    } finally {
      rmSync(pgdata, { recursive: true, force: true })
    }
  })
})
