import { Hono } from 'hono'

import { currentMember, type MemberContext, type MemberEnv } from '../../auth/access'
import { requireCaller } from '../../auth/middleware'
import { readJson } from '../../kernel/validation'
import { itemRef, requireChecklistEditor } from './access'
import { ChecklistItemSchema, ChecklistPatchSchema } from './schema'
import { addChecklistItem, getChecklist, removeChecklistItem, updateChecklistItem } from './service'

/** Permission first, then the item, then the body: as DRF orders them. */
async function editing(c: MemberContext) {
  const caller = c.get('member').caller
  requireChecklistEditor(caller)
  const key = c.req.param('key') ?? ''
  itemRef(key)
  return { caller, key }
}

/** Issue 34 item 3: the due-diligence checklist of the caller's current organization. */
export const checklistRoutes = new Hono<MemberEnv>()
  .use('/checklist/*', requireCaller, currentMember)
  .use('/checklist', requireCaller, currentMember)
  .get('/checklist/', async (c) => c.json(await getChecklist(c.get('deps'), c.get('member').caller)))
  .post('/checklist/items/', async (c) => {
    const caller = c.get('member').caller
    requireChecklistEditor(caller)
    return c.json(await addChecklistItem(c.get('deps'), caller, await readJson(c, ChecklistItemSchema)), 201)
  })
  .patch('/checklist/items/:key/', async (c) => {
    const { caller, key } = await editing(c)
    return c.json(await updateChecklistItem(c.get('deps'), caller, key, await readJson(c, ChecklistPatchSchema)))
  })
  .delete('/checklist/items/:key/', async (c) => {
    const { caller, key } = await editing(c)
    await removeChecklistItem(c.get('deps'), caller, key)
    return c.body(null, 204)
  })
