import { Hono } from 'hono'

import { requireCallerAdmin } from '../auth/access'
import { requireCaller } from '../auth/middleware'
import type { AppEnv } from '../kernel/hono-env'
import { pathId, readJson } from '../kernel/validation'
import { InvitationIdSchema, InviteSchema } from '../organizations/schema'
import { CreateInvitationSchema, NewAccountSchema, RespondSchema } from './schema'
import {
  acceptInvitation,
  acceptWithNewAccount,
  declineInvitation,
  deleteInvitationById,
  inviteByOrganizationSlug,
  inviteToOrganization,
  listMyInvitations,
  listOrganizationInvitations,
  previewInvitation,
  removeOrganizationInvitation,
  resendInvitation,
  respondByToken,
} from './service'

const invitationId = (raw: string) => pathId(raw, 'Invitation not found.')

/**
 * An organization's invitations, which its admins send and withdraw; the signed-in user's own
 * (spec §7); and the public e-mail-link endpoints.
 */
export const invitationRoutes = new Hono<AppEnv>()
  .get('/organizations/:slug/invitations/', requireCaller, async (c) =>
    c.json(await listOrganizationInvitations(c.get('deps'), await requireCallerAdmin(c))),
  )
  .post('/organizations/:slug/invite/', requireCaller, async (c) => {
    const caller = await requireCallerAdmin(c)
    const input = await readJson(c, InviteSchema)
    return c.json(await inviteToOrganization(c.get('deps'), caller, input), 201)
  })
  .post('/organizations/:slug/remove_invitation/', requireCaller, async (c) => {
    const caller = await requireCallerAdmin(c)
    const { invitation_id } = await readJson(c, InvitationIdSchema)
    await removeOrganizationInvitation(c.get('deps'), caller, invitation_id)
    return c.json({ detail: 'Invitation removed.' })
  })
  .use('/users/invitations/*', requireCaller)
  .get('/users/invitations/', async (c) => c.json(await listMyInvitations(c.get('deps'), c.get('user'))))
  .post('/users/invitations/', async (c) => {
    const input = await readJson(c, CreateInvitationSchema)
    return c.json(await inviteByOrganizationSlug(c.get('deps'), c.get('caller'), input), 201)
  })
  .delete('/users/invitations/:id/', async (c) => {
    await deleteInvitationById(c.get('deps'), c.get('caller'), invitationId(c.req.param('id')))
    return c.body(null, 204)
  })
  .post('/users/invitations/:id/accept/', async (c) =>
    c.json(await acceptInvitation(c.get('deps'), c.get('caller'), invitationId(c.req.param('id')))),
  )
  .post('/users/invitations/:id/decline/', async (c) =>
    c.json(await declineInvitation(c.get('deps'), c.get('caller'), invitationId(c.req.param('id')))),
  )
  .post('/users/invitations/:id/resend/', async (c) =>
    c.json(await resendInvitation(c.get('deps'), c.get('caller'), invitationId(c.req.param('id')))),
  )
  .get('/invitations/token/:token/', async (c) => c.json(await previewInvitation(c.get('deps'), c.req.param('token'))))
  .post('/invitations/token/:token/accept/', async (c) => {
    const input = await readJson(c, NewAccountSchema)
    return c.json(await acceptWithNewAccount(c.get('deps'), c.req.param('token'), input), 201)
  })
  .post('/invitations/token/:token/respond/', requireCaller, async (c) => {
    const { response } = await readJson(c, RespondSchema)
    return c.json(await respondByToken(c.get('deps'), c.get('caller'), c.req.param('token'), response))
  })
