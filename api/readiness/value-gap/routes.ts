import { Hono } from 'hono'

import { currentMember, type MemberEnv } from '../../auth/access'
import { requireCaller } from '../../auth/middleware'
import { readJson } from '../../kernel/validation'
import { requireValueGapEditor } from './access'
import { ValueGapPutSchema } from './schema'
import { getValueGap, updateValueGap } from './service'

/** Issue 34 item 2: the value gap of the caller's current organization, and the advisor's entries. */
export const valueGapRoutes = new Hono<MemberEnv>()
  .use('/value-gap/*', requireCaller, currentMember)
  .use('/value-gap', requireCaller, currentMember)
  .get('/value-gap/', async (c) => {
    const { caller, organization } = c.get('member')
    return c.json(await getValueGap(c.get('deps'), caller, organization.searchGeneration))
  })
  .put('/value-gap/', async (c) => {
    const caller = c.get('member').caller
    // Permission before the body: a member's PUT is 403 whatever it holds.
    requireValueGapEditor(caller)
    return c.json(await updateValueGap(c.get('deps'), caller, await readJson(c, ValueGapPutSchema)))
  })
