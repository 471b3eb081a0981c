import { Hono } from 'hono'

import { PHASES } from '../../shared/templates'
import { currentMember, type MemberContext, type MemberEnv } from '../auth/access'
import { requireCaller } from '../auth/middleware'
import { readJson, readQuery } from '../kernel/validation'
import { requireTemplate, requireTemplateEditor, templateId } from './access'
import { ListTemplatesSchema, TemplatePatchSchema, TemplateSchema } from './schema'
import { createTemplate, deleteTemplate, getTemplate, listTemplates, updateTemplate } from './service'

/** Permission before validation, as DRF does: a member learns nothing from a body's errors. */
async function editor(c: MemberContext) {
  const caller = c.get('member').caller
  requireTemplateEditor(caller)
  return caller
}

const id = (c: MemberContext) => templateId(c.req.param('id'))

/** The template a change is about, found before its body is read: a missing one is a 404, not a 400. */
async function editing(c: MemberContext) {
  const caller = await editor(c)
  const { template } = await requireTemplate(c.get('deps'), caller, id(c))
  return { caller, template: template.id }
}

/** Spec §7 "Simulated services": conversation templates, stored per organization for real (DESIGN §8). */
export const templateRoutes = new Hono<MemberEnv>()
  .use('/conversation-templates/*', requireCaller)
  .use('/conversation-templates', requireCaller)
  // The four phases are the product's, not an organization's: any signed-in caller may read them.
  .get('/conversation-templates/phases/', (c) => c.json(PHASES))
  .use('/conversation-templates/*', currentMember)
  .use('/conversation-templates', currentMember)
  .get('/conversation-templates/', async (c) =>
    c.json(await listTemplates(c.get('deps'), c.get('member').caller, readQuery(c, ListTemplatesSchema))),
  )
  .post('/conversation-templates/', async (c) => {
    const caller = await editor(c)
    return c.json(await createTemplate(c.get('deps'), caller, await readJson(c, TemplateSchema)), 201)
  })
  .get('/conversation-templates/:id/', async (c) =>
    c.json(await getTemplate(c.get('deps'), c.get('member').caller, id(c))),
  )
  .put('/conversation-templates/:id/', async (c) => {
    const { caller, template } = await editing(c)
    return c.json(await updateTemplate(c.get('deps'), caller, template, await readJson(c, TemplateSchema)))
  })
  .patch('/conversation-templates/:id/', async (c) => {
    const { caller, template } = await editing(c)
    return c.json(await updateTemplate(c.get('deps'), caller, template, await readJson(c, TemplatePatchSchema)))
  })
  .delete('/conversation-templates/:id/', async (c) => {
    const { caller, template } = await editing(c)
    await deleteTemplate(c.get('deps'), caller, template)
    return c.body(null, 204)
  })
