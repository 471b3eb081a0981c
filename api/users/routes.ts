import { Hono } from 'hono'
import { requireCaller } from '../auth/middleware'
import type { AppEnv } from '../context'
import { readJson } from '../validation'
import { ChangePasswordSchema, UpdateMeSchema } from './schema'
import { changePassword, getMe, updateMe } from './service'

export const userRoutes = new Hono<AppEnv>()
  .use('/me/', requireCaller)
  .use('/change-password/', requireCaller)
  .get('/me/', async (c) => c.json(await getMe(c.var.deps, c.var.caller, c.req.header('x-organization'))))
  .on(['PUT', 'PATCH'], '/me/', async (c) => {
    const changes = await readJson(c, UpdateMeSchema)
    return c.json(await updateMe(c.var.deps, c.var.caller, changes, c.req.header('x-organization')))
  })
  .post('/change-password/', async (c) => {
    const input = await readJson(c, ChangePasswordSchema)
    await changePassword(c.var.deps, c.var.caller, input)
    return c.json({ detail: 'Password updated successfully.' })
  })
