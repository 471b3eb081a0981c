import { Hono } from 'hono'

import { requireCaller } from '../auth/middleware'
import type { AppContext, AppEnv } from '../context'
import { requireCurrentOrganization } from '../organizations/access'
import { readJson } from '../validation'
import { requireValueGapEditor } from './access'
import { ValueGapPutSchema } from './schema'
import { getValueGap, updateValueGap } from './service'

const member = async (c: AppContext) => (await requireCurrentOrganization(c)).caller

/** Issue 34 item 2: the value gap of the caller's current organization, and the advisor's entries. */
export const valueGapRoutes = new Hono<AppEnv>()
  .use('/value-gap/*', requireCaller)
  .use('/value-gap', requireCaller)
  .get('/value-gap/', async (c) => c.json(await getValueGap(c.var.deps, await member(c))))
  .put('/value-gap/', async (c) => {
    const caller = await member(c)
    // Permission before the body: a member's PUT is 403 whatever it holds.
    requireValueGapEditor(caller)
    return c.json(await updateValueGap(c.var.deps, caller, await readJson(c, ValueGapPutSchema)))
  })
