import { Hono } from 'hono'

import { currentMember, type MemberEnv } from '../auth/access'
import { requireCaller } from '../auth/middleware'
import { readJson } from '../kernel/validation'
import { SearchSchema } from './schema'
import { searchPassages } from './service'

/** POST /api/search/ {query, top_k}: the passages of the caller's organization that best answer the query. */
export const searchRoutes = new Hono<MemberEnv>()
  .use('/search/', requireCaller, currentMember)
  .post('/search/', async (c) => {
    const input = await readJson(c, SearchSchema)
    const { organization, caller } = c.get('member')
    return c.json(await searchPassages(c.get('deps'), caller, organization.searchGeneration, input))
  })
