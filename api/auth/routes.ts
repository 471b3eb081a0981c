import { Hono } from 'hono'

import { type AppEnv, clientAddress } from '../kernel/hono-env'
import { readJson } from '../kernel/validation'
import { verifyGoogleIdToken } from './google'
import { GoogleTokenSchema, ObtainTokenSchema, RefreshTokenSchema } from './schema'
import { googleSignIn, obtainToken } from './service'
import { revokeRefreshFamily, rotateRefreshToken } from './sessions'

export const authRoutes = new Hono<AppEnv>()
  .post('/token/obtain/', async (c) => {
    const credentials = await readJson(c, ObtainTokenSchema)
    return c.json(await obtainToken(c.get('deps'), credentials, clientAddress(c)))
  })
  .post('/token/refresh/', async (c) => {
    const { refresh } = await readJson(c, RefreshTokenSchema)
    return c.json(await rotateRefreshToken(c.get('deps'), refresh))
  })
  .post('/users/google/', async (c) => {
    const { token } = await readJson(c, GoogleTokenSchema)
    const identity = await verifyGoogleIdToken(c.get('deps').config, token)
    return c.json(await googleSignIn(c.get('deps'), identity))
  })
  // Sign-out: revokes the refresh token's whole family, so neither it nor its successors work again.
  .post('/token/revoke/', async (c) => {
    const { refresh } = await readJson(c, RefreshTokenSchema)
    await revokeRefreshFamily(c.get('deps'), refresh)
    return c.json({ detail: 'Signed out.' })
  })
