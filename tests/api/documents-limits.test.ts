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
  it('fails a workbook that unpacks past its share of the memory cap, and keeps serving', async () => {
    // 0.9 MB that unpacks to 57 MB; with 48 MB an archive may unpack to 6.
    const bomb = await (
      await upload(api, analyst, { name: 'large_strings.xlsx', bytes: corpusFile('xlsx/sheetjs__large_strings.xlsx') })
    ).json()
    const done = await processed(api, analyst, bomb.id)
    expect(done.processing_status).toBe('failed')
    expect(done.failure_reason).toMatch(/^This workbook unpacks to more than 6 MB, more than the server reads/)

    const next = await (
      await upload(api, analyst, { name: 'after.txt', bytes: 'Still working after the bomb.' })
    ).json()
    expect((await processed(api, analyst, next.id)).processing_status).toBe('processed')
  })

  it('fails a document that needs more than the memory cap to read', async () => {
    // 7.6 MB of CSV, parsed into rows of cells all at once.
    const rows = Array.from({ length: 160_000 }, (_, index) => `${index},Revenue ${index},1496.5,1202.9,Other income`)
    const csv = await (await upload(api, analyst, { name: 'ledger.csv', bytes: rows.join('\n') })).json()
    const done = await processed(api, analyst, csv.id)
    expect(done.processing_status).toBe('failed')
    expect(done.failure_reason).toBe('Reading this document needed more than 48 MB of memory and was stopped.')
  })
})
