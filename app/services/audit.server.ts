import { z } from 'zod'

// The backend's response shapes, imported as types only (erased at build).
import type { AuditEventPayload, AuditPagePayload } from '#api/audit/contract'

import { apiJson } from './api-fetch.server'
import { expectShape } from './api-shape.server'

export type AuditEvent = AuditEventPayload
export type AuditPage = AuditPagePayload

// What the audit page reads.
const AuditPageShape = z.object({
  count: z.number(),
  page: z.number(),
  page_size: z.number(),
  results: z.array(
    z.object({
      id: z.number(),
      action: z.string(),
      actor: z.object({ name: z.string(), email: z.string() }),
      target: z.string(),
      details: z.record(z.unknown()),
      created_at: z.string(),
    }),
  ),
})

/** An organization's audit log (admins only), bound to the signed-in request. */
export function auditApi(request: Request) {
  return {
    list: async (slug: string, page: number) => {
      const search = page > 1 ? `?page=${page}` : ''
      return expectShape<AuditPage>(
        AuditPageShape,
        await apiJson(request, `/organizations/${encodeURIComponent(slug)}/audit/${search}`),
        'audit log',
      )
    },
  }
}
