import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import * as XLSX from '@e965/xlsx'

import { createBackend } from '../../api/backend'
import { openDatabase } from '../../api/db/client'
import { loadApiConfig } from '../../api/kernel/config'
import { seedDemo } from '../../api/seed'

const CORPUS = path.resolve('../shared/corpus/parsing')

/** A ledger of the kind sellers export: dates, accounts, counterparties, amounts. */
function ledgerRows(count: number) {
  const accounts = [
    'Revenue',
    'Cost of goods sold',
    'Payroll',
    'Rent',
    'Marketing',
    'Interest',
    'Depreciation',
    'Consulting',
  ]
  const parties = [
    'Acme Industrial',
    'Northwind Traders',
    'Globex',
    'Initech',
    'Umbrella Supply',
    'Stark Components',
    'Wayne Logistics',
  ]
  const rows: Array<Array<string | number>> = [
    ['Date', 'Account', 'Counterparty', 'Invoice', 'Description', 'Debit', 'Credit', 'Balance'],
  ]
  let balance = 250_000
  for (let index = 0; index < count; index++) {
    const amount = Math.round(((index * 7919) % 100_000) + 100) / 100
    const credit = index % 3 === 0
    balance += credit ? amount : -amount
    rows.push([
      `2025-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 28) + 1).padStart(2, '0')}`,
      accounts[index % accounts.length]!,
      parties[index % parties.length]!,
      `INV-${100000 + index}`,
      `Monthly ${accounts[index % accounts.length]!.toLowerCase()} entry for ${parties[index % parties.length]}`,
      credit ? '' : amount.toFixed(2),
      credit ? amount.toFixed(2) : '',
      balance.toFixed(2),
    ])
  }
  return rows
}

const csvOf = (rows: Array<Array<string | number>>) => rows.map((row) => row.join(',')).join('\n')

function xlsxOf(rows: Array<Array<string | number>>) {
  const workbook = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'General ledger')
  return new Uint8Array(XLSX.write(workbook, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer)
}

interface Workload {
  name: string
  fileName: string
  bytes: Uint8Array<ArrayBuffer>
}

/** Uploads through the real API and times upload → processed, one document at a time. */
export async function measureIngestion() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-ingest-'))
  const config = loadApiConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
    JOB_POLL_MS: '20',
  })
  const database = await openDatabase({})
  await database.migrate()
  await seedDemo(database.db, 'demo-password')
  const backend = await createBackend({ db: database.db, config, exclusiveDatabase: true })
  const call = (url: string, init: RequestInit = {}) =>
    backend.api.fetch(new Request(`http://bench/api${url}`, init), { clientAddress: '127.0.0.1' })
  try {
    const { access } = (await (
      await call('/token/obtain/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'analyst', password: 'demo-password' }),
      })
    ).json()) as { access: string }
    const auth = { Authorization: `Bearer ${access}` }

    async function ingest(workload: Workload) {
      const body = new FormData()
      body.append('file', new Blob([workload.bytes]), workload.fileName)
      const started = performance.now()
      const response = await call('/documents/', { method: 'POST', headers: auth, body })
      if (response.status !== 201)
        throw new Error(`${workload.name}: upload answered ${response.status} ${await response.text()}`)
      const { id } = (await response.json()) as { id: number }
      await backend.worker!.idle()
      const seconds = (performance.now() - started) / 1000
      const document = (await (await call(`/documents/${id}/`, { headers: auth })).json()) as {
        processing_status: string
        page_count: number
      }
      if (document.processing_status !== 'processed')
        throw new Error(`${workload.name} ended ${document.processing_status}`)
      return { seconds, pages: document.page_count }
    }

    const pdfs: Workload[] = ['pdf/pdfjs__tracemonkey.pdf', 'pdf/pdfjs__pdkids.pdf'].map((file) => ({
      name: path.basename(file),
      fileName: path.basename(file),
      bytes: new Uint8Array(readFileSync(path.join(CORPUS, file))) as Uint8Array<ArrayBuffer>,
    }))
    // A first, unmeasured run builds the worker bundle and warms pdf.js.
    await ingest(pdfs[0]!)
    let pages = 0
    let pdfSeconds = 0
    for (let round = 0; round < 3; round++) {
      for (const pdf of pdfs) {
        const result = await ingest(pdf)
        pages += result.pages
        pdfSeconds += result.seconds
      }
    }
    const rows = ledgerRows(100_000)
    const tables: Workload[] = [
      { name: 'csv ledger (100,000 rows)', fileName: 'ledger.csv', bytes: new TextEncoder().encode(csvOf(rows)) },
      { name: 'xlsx ledger (100,000 rows)', fileName: 'ledger.xlsx', bytes: xlsxOf(rows) },
    ]
    const tableResults = []
    for (const table of tables) {
      const { seconds } = await ingest(table)
      const megabytes = table.bytes.length / 1024 / 1024
      tableResults.push({ name: table.name, megabytes, seconds, mbPerSecond: megabytes / seconds })
    }
    return { pdf: { pages, seconds: pdfSeconds, pagesPerSecond: pages / pdfSeconds }, tables: tableResults }
  } finally {
    await backend.stop()
    await database.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
