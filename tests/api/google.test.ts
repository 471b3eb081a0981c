import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { eq, inArray } from 'drizzle-orm'
import { type CryptoKey, exportJWK, generateKeyPair, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { users } from '../../api/db/schema'
import { type Harness, startApi } from './support/harness'

const CLIENT_ID = 'exit-planning-test.apps.googleusercontent.com'
const ISSUER = 'https://accounts.google.com'

let api: Harness
let jwks: Server
let googleKey: CryptoKey
let strangerKey: CryptoKey

/** Google's JWKS endpoint stood in by a local server publishing one RSA key with its kid. */
beforeAll(async () => {
  const google = await generateKeyPair('RS256')
  googleKey = google.privateKey
  strangerKey = (await generateKeyPair('RS256')).privateKey
  const published = { keys: [{ ...(await exportJWK(google.publicKey)), kid: 'google-1', alg: 'RS256', use: 'sig' }] }
  jwks = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' })
    response.end(JSON.stringify(published))
  })
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve))
  const { port } = jwks.address() as AddressInfo
  api = await startApi({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs` })
})
afterAll(async () => {
  await api.close()
  jwks.close()
})

function idToken(
  claims: Record<string, unknown>,
  { key = googleKey, audience = CLIENT_ID, issuer = ISSUER, expiresAt = '1h' as string | number } = {},
) {
  return new SignJWT({ email_verified: true, given_name: 'Grace', family_name: 'Hopper', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'google-1' })
    .setSubject(String(claims.sub ?? 'google-sub-1'))
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt(typeof expiresAt === 'number' ? expiresAt - 3600 : undefined)
    .setExpirationTime(expiresAt)
    .sign(key)
}

const exchange = (token: unknown) => api.request('/users/google/', { method: 'POST', json: { token } })

describe('POST /api/users/google/', () => {
  it('creates a Google user from a valid ID token and answers a session', async () => {
    const response = await exchange(await idToken({ sub: 'g-new', email: 'Grace@Example.com' }))
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body).toMatchObject({
      access: expect.any(String),
      refresh: expect.any(String),
      user: { email: 'grace@example.com', auth_provider: 'google', organization: null },
    })
    const again = await (await exchange(await idToken({ sub: 'g-new', email: 'grace@example.com' }))).json()
    expect(again.user.id).toBe(body.user.id)
  })

  it('links an existing account with the same verified e-mail and keeps its organization', async () => {
    const response = await exchange(await idToken({ sub: 'g-analyst', email: 'analyst@demo.example.com' }))
    expect(response.status).toBe(200)
    expect((await response.json()).user).toMatchObject({
      username: 'analyst',
      role: 'analyst',
      organization: { slug: 'demo-advisory-group' },
    })
  })

  it('does not link an account whose own e-mail is unverified, nor with an unverified Google e-mail', async () => {
    await api.db.update(users).set({ emailVerified: false }).where(eq(users.username, 'member'))
    const refused = await exchange(await idToken({ sub: 'g-member', email: 'member@demo.example.com' }))
    expect(refused.status).toBe(401)
    expect((await refused.json()).detail).toContain('has not confirmed it')
    const unverifiedAtGoogle = await exchange(
      await idToken({ sub: 'g-admin', email: 'admin@demo.example.com', email_verified: false }),
    )
    expect(unverifiedAtGoogle.status).toBe(401)
    const linked = await api.db
      .select({ googleSub: users.googleSub })
      .from(users)
      .where(inArray(users.username, ['member', 'admin']))
    expect(linked.map((row) => row.googleSub)).toEqual([null, null])
  })

  it('refuses a token issued for another audience', async () => {
    const response = await exchange(
      await idToken({ email: 'a@example.com' }, { audience: 'someone-else.apps.googleusercontent.com' }),
    )
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ detail: "The Google token's aud claim is not accepted." })
  })

  it('refuses a token from another issuer', async () => {
    const response = await exchange(await idToken({ email: 'a@example.com' }, { issuer: 'https://evil.example.com' }))
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ detail: "The Google token's iss claim is not accepted." })
  })

  it('refuses an expired token', async () => {
    const anHourAgo = Math.floor(Date.now() / 1000) - 3600
    const response = await exchange(await idToken({ email: 'a@example.com' }, { expiresAt: anHourAgo }))
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ detail: 'The Google token has expired.' })
  })

  it('refuses a token signed by a key Google did not publish', async () => {
    const response = await exchange(await idToken({ email: 'a@example.com' }, { key: strangerKey }))
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ detail: 'The Google token signature is not valid.' })
  })

  it('refuses an unverified e-mail for a new account and garbage, creating no user', async () => {
    const unverified = await exchange(
      await idToken({ sub: 'g-unverified', email: 'x@example.com', email_verified: false }),
    )
    expect(unverified.status).toBe(401)
    expect(await unverified.json()).toEqual({ detail: 'The Google account e-mail is not verified.' })
    const garbage = await exchange('not.a.jwt')
    expect(garbage.status).toBe(401)
    expect(await garbage.json()).toEqual({ detail: 'The Google token is not valid.' })
    expect(await api.db.select().from(users).where(eq(users.email, 'x@example.com'))).toEqual([])
  })

  it('answers 400 naming the field for a missing, mistyped or padded request, and signs no one in', async () => {
    const before = await api.db.select({ id: users.id }).from(users)
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{}, { token: ['This field is required.'] }],
      [{ token: '' }, { token: ['This field may not be blank.'] }],
      [{ token: 42 }, { token: ['Not a valid string.'] }],
      [{ token: 'x'.repeat(8193) }, { token: ['Ensure this field has no more than 8192 characters.'] }],
      [
        { token: await idToken({ sub: 'g-padded', email: 'padded@example.com' }), role: 'admin' },
        { role: ['Unknown field.'] },
      ],
    ]
    for (const [body, answer] of cases) {
      const response = await api.request('/users/google/', { method: 'POST', json: body })
      expect(response.status, JSON.stringify(body).slice(0, 40)).toBe(400)
      expect(await response.json()).toEqual(answer)
    }
    expect(await api.db.select({ id: users.id }).from(users)).toEqual(before)
  })

  it('refuses to change the password of a Google account, and its session carries on', async () => {
    const session = await (await exchange(await idToken({ sub: 'g-new', email: 'grace@example.com' }))).json()
    const response = await api.request('/change-password/', {
      method: 'POST',
      token: session.access,
      json: { old_password: 'x', new_password: 'a-brand-new-password' },
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      non_field_errors: ['Password change is only available for username/password accounts'],
    })
    const [grace] = await api.db.select().from(users).where(eq(users.email, 'grace@example.com'))
    expect(grace).toMatchObject({ authProvider: 'google', passwordHash: null })
    expect((await api.request('/me/', { token: session.access })).status).toBe(200)
    expect((await api.request('/token/refresh/', { method: 'POST', json: { refresh: session.refresh } })).status).toBe(
      200,
    )
  })
})

describe('Google sign-in not configured', () => {
  it('answers 404', async () => {
    const plain = await startApi()
    try {
      const response = await plain.request('/users/google/', { method: 'POST', json: { token: 'x' } })
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ detail: 'Google sign-in is not configured on this server.' })
    } finally {
      await plain.close()
    }
  })
})
