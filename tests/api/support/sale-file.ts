import { readFileSync } from 'node:fs'
import path from 'node:path'

import { expect } from 'vitest'

import { SALE_FILE, SALE_FILES, type SaleFileName } from '../../fixtures/sale-file'
import type { Harness, Session } from './harness'
import { processed, upload } from './uploads'

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

export type { SaleFileName }
