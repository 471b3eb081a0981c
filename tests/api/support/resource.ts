import { expect } from 'vitest'
import { z } from 'zod'

import { inContract } from './contract'
import type { Harness, Session } from './harness'

export interface Page<Item> {
  count: number
  page: number
  page_size: number
  results: Item[]
}

/**
 * The calls a test makes on a DRF-style collection (`/meetings/`, `/conversation-templates/`), each
 * expecting the status of success, and each body exactly what `schema`, its contract's, declares
 * for an item. `harness` is read at call time: test files start theirs in beforeAll.
 */
export function restResource<Item>(
  harness: () => Harness,
  collection: string,
  defaultOrg: string,
  schema: z.ZodTypeAny,
) {
  const pageSchema = z.object({ count: z.number(), page: z.number(), page_size: z.number(), results: z.array(schema) })
  const path = (id: string) => `${collection}${id}/`
  async function call(status: number, url: string, init: Parameters<Harness['request']>[1]) {
    const response = await harness().request(url, init)
    expect(response.status, await response.clone().text()).toBe(status)
    return response
  }
  const list = async (session: Session, query = '', org = defaultOrg) =>
    inContract(
      pageSchema,
      await (await call(200, `${collection}${query}`, { token: session.access, org })).json(),
    ) as Page<Item>
  return {
    path,
    list,
    /** Every item of the organization (they fit on one page of 100). */
    async all(session: Session, org = defaultOrg) {
      const page = await list(session, '?page_size=100', org)
      expect(page.results).toHaveLength(page.count)
      return page.results
    },
    create: async (session: Session, json: unknown, org = defaultOrg) =>
      inContract(
        schema,
        await (await call(201, collection, { method: 'POST', token: session.access, org, json })).json(),
      ) as Item,
    get: async (session: Session, id: string, org = defaultOrg) =>
      inContract(schema, await (await call(200, path(id), { token: session.access, org })).json()) as Item,
    edit: async (session: Session, method: 'PUT' | 'PATCH', id: string, json: unknown, org = defaultOrg) =>
      inContract(
        schema,
        await (await call(200, path(id), { method, token: session.access, org, json })).json(),
      ) as Item,
    async remove(session: Session, id: string, org = defaultOrg) {
      const response = await call(204, path(id), { method: 'DELETE', token: session.access, org })
      expect(await response.text()).toBe('')
    },
  }
}
