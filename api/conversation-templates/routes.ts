import { Hono } from 'hono'

import { PHASES } from '../../shared/templates'
import { requireCaller } from '../auth/middleware'
import type { AppContext, AppEnv } from '../context'
import { requireCurrentOrganization } from '../organizations/access'
import { readJson, readQuery } from '../validation'
import { requireTemplate, requireTemplateEditor, templateId } from './access'
import { ListTemplatesSchema, TemplatePatchSchema, TemplateSchema } from './schema'
import { createTemplate, deleteTemplate, getTemplate, listTemplates, updateTemplate } from './service'

const member = async (c: AppContext) => (await requireCurrentOrganization(c)).caller

/** Permission before validation, as DRF does: a member learns nothing from a body's errors. */
async function editor(c: AppContext) {
  const caller = await member(c)
  requireTemplateEditor(caller)
  return caller
}

const id = (c: AppContext) => templateId(c.req.param('id'))

/** The template a change is about, found before its body is read: a missing one is a 404, not a 400. */
async function editing(c: AppContext) {
  const caller = await editor(c)
  const { template } = await requireTemplate(c.var.deps, caller, id(c))
  return { caller, template: template.id }
}

/** Spec §7 "Simulated services": conversation templates, stored per organization for real (DESIGN §8). */
export const templateRoutes = new Hono<AppEnv>()
  .use('/conversation-templates/*', requireCaller)
  .use('/conversation-templates', requireCaller)
  .get('/conversation-templates/phases/', (c) => c.json(PHASES))
  .get('/conversation-templates/', async (c) =>
    c.json(await listTemplates(c.var.deps, await member(c), readQuery(c, ListTemplatesSchema))),
  )
  .post('/conversation-templates/', async (c) => {
    const caller = await editor(c)
    return c.json(await createTemplate(c.var.deps, caller, await readJson(c, TemplateSchema)), 201)
  })
  .get('/conversation-templates/:id/', async (c) => c.json(await getTemplate(c.var.deps, await member(c), id(c))))
  .put('/conversation-templates/:id/', async (c) => {
    const { caller, template } = await editing(c)
    return c.json(await updateTemplate(c.var.deps, caller, template, await readJson(c, TemplateSchema)))
  })
  .patch('/conversation-templates/:id/', async (c) => {
    const { caller, template } = await editing(c)
    return c.json(await updateTemplate(c.var.deps, caller, template, await readJson(c, TemplatePatchSchema)))
  })
  .delete('/conversation-templates/:id/', async (c) => {
    const { caller, template } = await editing(c)
    await deleteTemplate(c.var.deps, caller, template)
    return c.body(null, 204)
  })
