import { Hono } from 'hono'

import { requireCaller } from '../auth/middleware'
import type { AppEnv } from '../context'
import { requireCurrentOrganization } from '../organizations/access'
import { readJson } from '../validation'
import { SearchSchema } from './schema'
import { searchPassages } from './service'

/** POST /api/search/ {query, top_k}: the passages of the caller's organization that best answer the query. */
export const searchRoutes = new Hono<AppEnv>().use('/search/', requireCaller).post('/search/', async (c) => {
  const input = await readJson(c, SearchSchema)
  const { organization, caller } = await requireCurrentOrganization(c)
  return c.json(await searchPassages(c.var.deps, caller, organization.searchGeneration, input))
})
