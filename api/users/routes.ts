import { Hono } from 'hono'

import { callerMemberships } from '../auth/membership'
import { requireCaller } from '../auth/middleware'
import { describeUser } from '../auth/payload'
import type { AppEnv } from '../kernel/hono-env'
import { readJson } from '../kernel/validation'
import type { PasswordChangedPayload } from './contract'
import { cancelEmailChange, confirmEmailChange } from './email-change'
import { ChangePasswordSchema, ChooseOrganizationSchema, ConfirmEmailSchema, UpdateMeSchema } from './schema'
import { changePassword, chooseOrganization, getMe, updateMe } from './service'

export const userRoutes = new Hono<AppEnv>()
  .use('/me/*', requireCaller)
  .use('/change-password/', requireCaller)
  .get('/me/', async (c) => {
    const profile = await getMe(
      c.get('deps'),
      c.get('user'),
      callerMemberships(c, c.req.header('x-organization')),
      c.get('notices'),
    )
    c.set('ownProfile', profile)
    return c.json(profile)
  })
  .on(['PUT', 'PATCH'], '/me/', async (c) => {
    const changes = await readJson(c, UpdateMeSchema)
    return c.json(await updateMe(c.get('deps'), c.get('caller'), changes, c.req.header('x-organization')))
  })
  .put('/me/organization/', async (c) => {
    const { slug } = await readJson(c, ChooseOrganizationSchema)
    return c.json(await chooseOrganization(c.get('deps'), c.get('user'), slug))
  })
  .post('/me/email/confirm/', async (c) => {
    const { token } = await readJson(c, ConfirmEmailSchema)
    const user = await confirmEmailChange(c.get('deps'), c.get('caller'), token)
    return c.json({
      ...(await describeUser(c.get('deps').db, user, c.req.header('x-organization'))),
      pending_email: null,
    })
  })
  .delete('/me/email/', async (c) => {
    await cancelEmailChange(c.get('deps'), c.get('caller'))
    return c.body(null, 204)
  })
  .post('/change-password/', async (c) => {
    const input = await readJson(c, ChangePasswordSchema)
    const tokens = await changePassword(c.get('deps'), c.get('caller'), input)
    return c.json({ detail: 'Password updated successfully.', ...tokens } satisfies PasswordChangedPayload)
  })
