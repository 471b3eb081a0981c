import { Hono } from 'hono'

import { currentMember, type MemberContext, type MemberEnv } from '../../auth/access'
import { requireCaller } from '../../auth/middleware'
import { pathId, ReaderQuerySchema, readerTimeZone, readJson, readQuery } from '../../kernel/validation'
import { requireActionEditor, TASK_NOT_FOUND } from './access'
import { TaskCreateSchema, TaskPatchSchema } from './schema'
import { addTask, gatherSuggestions, getPlan, removeTask, updateTask } from './service'

/** Permission first, then the task, then the body: as DRF orders them. */
async function editing(c: MemberContext) {
  const caller = c.get('member').caller
  requireActionEditor(caller)
  return { caller, id: pathId(c.req.param('id'), TASK_NOT_FOUND) }
}

/** Issue 34 item 4: the action plan of the caller's current organization (decision 044). */
export const actionRoutes = new Hono<MemberEnv>()
  .use('/actions/*', requireCaller, currentMember)
  .use('/actions', requireCaller, currentMember)
  .get('/actions/', async (c) => {
    const zone = readerTimeZone(readQuery(c, ReaderQuerySchema), c.get('user').timeZone)
    return c.json(await getPlan(c.get('deps'), c.get('member').caller, {}, zone))
  })
  .post('/actions/', async (c) => {
    const caller = c.get('member').caller
    requireActionEditor(caller)
    return c.json(await addTask(c.get('deps'), caller, await readJson(c, TaskCreateSchema)), 201)
  })
  .post('/actions/gather/', async (c) => {
    const caller = c.get('member').caller
    requireActionEditor(caller)
    return c.json(await gatherSuggestions(c.get('deps'), caller))
  })
  .patch('/actions/:id/', async (c) => {
    const { caller, id } = await editing(c)
    return c.json(await updateTask(c.get('deps'), caller, id, await readJson(c, TaskPatchSchema)))
  })
  .delete('/actions/:id/', async (c) => {
    const { caller, id } = await editing(c)
    await removeTask(c.get('deps'), caller, id)
    return c.body(null, 204)
  })
