import * as XLSX from '@e965/xlsx'

/** The figures of the workbook, as its cells display them (one decimal, thousands grouped). */
export const FINANCIALS = {
  sheet: 'FY',
  revenue2024: '1,202.9',
  revenue2025: '1,496.5',
}

/**
 * A small income statement made on the spot: sheet "FY", a title naming the scale ("in thousands"),
 * a header row of years over an empty corner, and figures stored as numbers with a display format,
 * as an advisor's workbook holds them.
 */
export function financialsWorkbook(): Uint8Array<ArrayBuffer> {
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Income statement (in thousands)'],
    ['', 2024, 2025],
    ['Revenue', 1202.9, 1496.5],
    ['Cost of sales', 701.4, 842.7],
    ['Gross profit', 501.5, 653.8],
  ])
  for (const address of ['B3', 'C3', 'B4', 'C4', 'B5', 'C5']) sheet[address]!.z = '#,##0.0'
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, sheet, FINANCIALS.sheet)
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer)
}
