import { Hono } from 'hono'

import { type MemberContext, type MemberEnv, requireRole, slugMember } from '../auth/access'
import { requireCaller } from '../auth/middleware'
import { readJson } from '../kernel/validation'
import { CreateOrganizationSchema, MemberRoleSchema, MemberSchema, UpdateOrganizationSchema } from './schema'
import {
  createOrganization,
  deleteOrganization,
  getOrganization,
  listMembers,
  listMyOrganizations,
  removeMember,
  updateMemberRole,
  updateOrganization,
} from './service'

/** The caller as an admin of the path's organization: its other members get 403. */
function admin(c: MemberContext) {
  requireRole(c.get('member').caller, ['admin'])
  return c.get('member').caller
}

export const organizationRoutes = new Hono<MemberEnv>()
  .use('/organizations/*', requireCaller)
  .use('/organizations/', requireCaller)
  .use('/organizations/:slug/*', slugMember)
  .use('/users/my-organizations/', requireCaller)
  .get('/users/my-organizations/', async (c) => c.json(await listMyOrganizations(c.get('deps'), c.get('caller'))))
  .post('/organizations/', async (c) => {
    const input = await readJson(c, CreateOrganizationSchema)
    return c.json(await createOrganization(c.get('deps'), c.get('caller'), input), 201)
  })
  .get('/organizations/:slug/', async (c) => c.json(await getOrganization(c.get('deps'), c.get('member').caller)))
  .patch('/organizations/:slug/', async (c) => {
    const caller = admin(c)
    const changes = await readJson(c, UpdateOrganizationSchema)
    return c.json(await updateOrganization(c.get('deps'), caller, changes))
  })
  .delete('/organizations/:slug/', async (c) => {
    await deleteOrganization(c.get('deps'), admin(c))
    return c.body(null, 204)
  })
  .get('/organizations/:slug/members/', async (c) => c.json(await listMembers(c.get('deps'), c.get('member').caller)))
  .post('/organizations/:slug/remove_member/', async (c) => {
    const caller = admin(c)
    const { user_id } = await readJson(c, MemberSchema)
    await removeMember(c.get('deps'), caller, user_id)
    return c.json({ detail: 'Member removed.' })
  })
  .post('/organizations/:slug/update_member_role/', async (c) => {
    const caller = admin(c)
    const { user_id, role } = await readJson(c, MemberRoleSchema)
    return c.json(await updateMemberRole(c.get('deps'), caller, user_id, role))
  })
