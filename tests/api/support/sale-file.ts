import { readFileSync } from 'node:fs'
import path from 'node:path'

import { expect } from 'vitest'

import type { Harness, Session } from './harness'
import { processed, upload } from './uploads'

/** A landscape-supply company's sale file (decision 041), as its owner and her advisor hand it over. */
export const SALE_FILE = path.resolve(import.meta.dirname, '../../fixtures/sale-file')
export const SALE_FILES = [
  ['valuation-letter.txt', 'Brightwater valuation letter'],
  ['owner-memo.txt', "Renata's memo on what she needs"],
  ['income-statement.csv', 'Income statement FY2023-FY2025'],
  ['add-backs.csv', 'Owner adjustments FY2025'],
  ['customers.csv', 'Customers FY2025'],
  ['lease-summary.txt', 'Lease summary'],
] as const
export type SaleFileName = (typeof SALE_FILES)[number][0]

/** Uploads the sale file as `session` (into `org`, or the session's own) and waits until it is processed: the ids by file name. */
export async function uploadSaleFile(api: Harness, session: Session, org?: string) {
  const ids = {} as Record<SaleFileName, number>
  for (const [name, title] of SALE_FILES) {
    const bytes = new Uint8Array(readFileSync(path.join(SALE_FILE, name)))
    const response = await upload(api, session, { name, bytes }, { title }, org)
    ids[name] = ((await response.json()) as { id: number }).id
  }
  for (const id of Object.values(ids)) expect((await processed(api, session, id)).processing_status).toBe('processed')
  return ids
}
