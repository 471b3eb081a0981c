import { describe, expect, it } from 'vitest'

import type { apiFetch } from '../../app/services/api-fetch.server'
import { apiPath } from '../../app/services/api-path.server'

describe('the paths the web tier calls the API by', () => {
  it('fill in their parameters, encoded, and take a query when there is one', () => {
    expect(apiPath('/documents/:id/versions/:versionId/restore/', { id: 3, versionId: 9 })).toBe(
      '/documents/3/versions/9/restore/',
    )
    expect(apiPath('/organizations/:slug/audit/', { slug: 'a/b c' }, 'page=2')).toBe(
      '/organizations/a%2Fb%20c/audit/?page=2',
    )
    expect(apiPath('/documents/', undefined, new URLSearchParams())).toBe('/documents/')
    expect(apiPath('/documents/', undefined, new URLSearchParams({ status: 'processed' }))).toBe(
      '/documents/?status=processed',
    )
  })

  it('are the ones the API routers declare, with their methods: any other fails the type check', () => {
    // Checked by the type check (npx tsc), not run: were any of the calls marked below accepted,
    // the unused directive would fail the type check itself.
    const calls = (request: Request, call: typeof apiFetch) => [
      // @ts-expect-error a path no router declares
      apiPath('/documnts/'),
      // @ts-expect-error a parameter left out
      apiPath('/documents/:id/', {}),
      // @ts-expect-error a parameter the path does not have
      apiPath('/documents/:id/', { id: 1, page: 2 }),
      // @ts-expect-error parameters for a path that has none
      apiPath('/value-gap/', { id: 1 }),
      // @ts-expect-error a method the API does not answer on the path
      call(request, apiPath('/value-gap/'), { method: 'DELETE' }),
      // @ts-expect-error GET, the default, where the API answers POST alone
      call(request, apiPath('/search/')),
      // @ts-expect-error a path written out, not made by apiPath
      call(request, '/value-gap/'),
      call(request, apiPath('/documents/:id/', { id: 1 }), { method: 'PATCH', json: { title: 'Plan' } }),
    ]
    expect(calls).toBeTypeOf('function')
  })
})
