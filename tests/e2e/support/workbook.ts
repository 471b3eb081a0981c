import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import * as XLSX from '@e965/xlsx'

/** A workbook of two sheets, figures written as bare numbers, as accounting exports write them. */
export function financialsWorkbook() {
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([
      ['Line item', 'FY2023', 'FY2024'],
      ['Revenue', 21800000, 26100000],
      ['Cost of sales', 13080000, 15138000],
      ['Gross profit', 8720000, 10962000],
    ]),
    'Income Statement',
  )
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([
      ['Customer', 'Share of revenue (%)'],
      ['Northwind', 38],
    ]),
    'Customers',
  )
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'tables-')), 'financials.xlsx')
  writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer)
  return file
}
