import { type AuditPagePayload, AuditPageSchema } from '#api/audit/contract'

import { apiJson } from './api-fetch.server'
import { apiPath } from './api-path.server'
import { expectShape } from './api-shape.server'

export type AuditPage = AuditPagePayload

/** An organization's audit log (admins only), bound to the signed-in request. */
export function auditApi(request: Request) {
  return {
    list: async (slug: string, page: number) => {
      return expectShape(
        AuditPageSchema,
        await apiJson(request, apiPath('/organizations/:slug/audit/', { slug }, page > 1 ? `page=${page}` : '')),
        'audit log',
      )
    },
  }
}
