import { type AuditEventPayload, type AuditPagePayload, AuditPageSchema } from '#api/audit/contract'

import { apiJson } from './api-fetch.server'
import { expectShape } from './api-shape.server'

export type AuditEvent = AuditEventPayload
export type AuditPage = AuditPagePayload

/** An organization's audit log (admins only), bound to the signed-in request. */
export function auditApi(request: Request) {
  return {
    list: async (slug: string, page: number) => {
      const search = page > 1 ? `?page=${page}` : ''
      return expectShape(
        AuditPageSchema,
        await apiJson(request, `/organizations/${encodeURIComponent(slug)}/audit/${search}`),
        'audit log',
      )
    },
  }
}
