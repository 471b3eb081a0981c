import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { type Harness, type Session, signIn, startApi } from './support/harness'
import { corpusFile, processed, upload } from './support/uploads'

let api: Harness
let analyst: Session
beforeAll(async () => {
  // A heap far below what the 55-million-character workbook needs expanded.
  api = await startApi({ EXTRACTION_MEMORY_MB: '48' })
  analyst = await signIn(api, 'analyst')
})
afterAll(() => api.close())

describe('bounded work per document', () => {
  it('fails a workbook that expands past the memory cap, and keeps serving', async () => {
    const bomb = await (
      await upload(api, analyst, { name: 'large_strings.xlsx', bytes: corpusFile('xlsx/sheetjs__large_strings.xlsx') })
    ).json()
    const done = await processed(api, analyst, bomb.id)
    expect(done.processing_status).toBe('failed')
    expect(done.failure_reason).toBe('Reading this document needed more than 48 MB of memory and was stopped.')

    const next = await (
      await upload(api, analyst, { name: 'after.txt', bytes: 'Still working after the bomb.' })
    ).json()
    expect((await processed(api, analyst, next.id)).processing_status).toBe('processed')
  })
})
