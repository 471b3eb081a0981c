import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { REFRESH_REUSE_SECONDS } from '../../api/auth/sessions'
import { type Harness, signIn, startApi } from './support/harness'

let api: Harness
beforeAll(async () => {
  api = await startApi({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_ADDRESS: '6' })
})
afterAll(() => api.close())

describe('POST /api/token/obtain/', () => {
  it('signs in by username and answers tokens and the user with role and organization', async () => {
    const response = await api.request('/token/obtain/', {
      method: 'POST',
      json: { username: 'admin', password: 'demo-password' },
    })
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body).toMatchObject({
      access: expect.any(String),
      refresh: expect.any(String),
      user_id: expect.any(Number),
      user: {
        email: 'admin@demo.example.com',
        username: 'admin',
        role: 'admin',
        organization: { slug: 'demo-advisory-group', name: 'Demo Advisory Group' },
        auth_provider: 'jwt',
      },
    })
    expect(body.user.id).toBe(body.user_id)
  })

  it('signs in by e-mail, whatever its case', async () => {
    const session = await signIn(api, 'Analyst@Demo.Example.com')
    expect(session.user.username).toBe('analyst')
    expect(session.user.role).toBe('analyst')
  })

  it('answers a wrong password and an unknown user with the same 401, naming neither', async () => {
    const answers = []
    for (const username of ['member', 'nobody-here']) {
      const response = await api.request('/token/obtain/', {
        method: 'POST',
        json: { username, password: 'wrong' },
        address: '198.51.100.1',
      })
      answers.push({ status: response.status, body: await response.text(), type: response.headers.get('content-type') })
    }
    expect(answers[0]).toEqual({
      status: 401,
      body: JSON.stringify({ detail: 'No active account found with the given credentials' }),
      type: 'application/json',
    })
    expect(answers[1]).toEqual(answers[0])
  })

  it('answers 400 in field shape for missing fields and wrong types', async () => {
    const missing = await api.request('/token/obtain/', { method: 'POST', json: { username: '' } })
    expect(missing.status).toBe(400)
    expect(await missing.json()).toEqual({
      username: ['This field may not be blank.'],
      password: ['This field is required.'],
    })
    const wrongType = await api.request('/token/obtain/', { method: 'POST', json: { username: 5, password: ['x'] } })
    expect(await wrongType.json()).toEqual({ username: ['Not a valid string.'], password: ['Not a valid string.'] })
  })

  it('answers 400 with a clear message for malformed JSON', async () => {
    const response = await api.request('/token/obtain/', {
      method: 'POST',
      body: '{"username": "admin",',
      headers: { 'Content-Type': 'application/json' },
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ detail: 'Malformed JSON in the request body.' })
  })

  it('refuses a body over 1 MB', async () => {
    const response = await api.request('/token/obtain/', {
      method: 'POST',
      json: { username: 'x'.repeat(1024 * 1024 + 10), password: 'x' },
    })
    expect(response.status).toBe(413)
  })
})

describe('rate limit on failed sign-ins', () => {
  it('limits one name from one address, whatever its case, with 429 and Retry-After', async () => {
    const address = '192.0.2.10'
    for (let attempt = 0; attempt < 3; attempt++) {
      const failed = await api.request('/token/obtain/', {
        method: 'POST',
        json: { username: 'ratelimited', password: 'wrong' },
        address,
      })
      expect(failed.status).toBe(401)
    }
    const limited = await api.request('/token/obtain/', {
      method: 'POST',
      json: { username: 'RateLimited', password: 'wrong' },
      address,
    })
    expect(limited.status).toBe(429)
    expect(limited.headers.get('Retry-After')).toBe('900')
    expect((await limited.json()).detail).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.')
  })

  it('lets the name try again once its failures are older than the window, and not a second before', async () => {
    const local = await startApi({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_FAILURE_WINDOW_SECONDS: '900' })
    try {
      const address = '192.0.2.20'
      const attempt = (password: string) =>
        local.request('/token/obtain/', { method: 'POST', json: { username: 'member', password }, address })
      for (let n = 0; n < 3; n++) expect((await attempt('wrong')).status).toBe(401)
      expect((await attempt('demo-password')).status).toBe(429)
      local.clock.advance(890)
      expect((await attempt('demo-password')).status).toBe(429)
      local.clock.advance(11)
      expect((await attempt('demo-password')).status).toBe(200)
    } finally {
      await local.close()
    }
  })

  it('limits per client address across usernames, and the right password does not get through', async () => {
    const address = '192.0.2.200'
    for (let attempt = 0; attempt < 6; attempt++) {
      const failed = await api.request('/token/obtain/', {
        method: 'POST',
        json: { username: `guess-${attempt}`, password: 'wrong' },
        address,
      })
      expect(failed.status).toBe(401)
    }
    const limited = await api.request('/token/obtain/', {
      method: 'POST',
      json: { username: 'member', password: 'demo-password' },
      address,
    })
    expect(limited.status).toBe(429)
    const elsewhere = await api.request('/token/obtain/', {
      method: 'POST',
      json: { username: 'member', password: 'demo-password' },
      address: '192.0.2.201',
    })
    expect(elsewhere.status).toBe(200)
  })
})

describe('refresh tokens', () => {
  it('rotates: the new pair works, and re-use of the rotated token after the reuse window revokes the whole family', async () => {
    const session = await signIn(api, 'member')
    const first = await api.request('/token/refresh/', { method: 'POST', json: { refresh: session.refresh } })
    expect(first.status).toBe(200)
    const rotated = await first.json()
    expect(rotated.refresh).not.toBe(session.refresh)
    expect((await api.request('/me/', { token: rotated.access })).status).toBe(200)

    api.clock.advance(REFRESH_REUSE_SECONDS + 1)
    const reused = await api.request('/token/refresh/', { method: 'POST', json: { refresh: session.refresh } })
    expect(reused.status).toBe(401)
    // The thief's re-use also kills the legitimate successor.
    const successor = await api.request('/token/refresh/', { method: 'POST', json: { refresh: rotated.refresh } })
    expect(successor.status).toBe(401)
  })

  it('answers a second refresh of one token within the reuse window with the same successor (two tabs, two web processes)', async () => {
    const session = await signIn(api, 'member')
    const refresh = (token: string) => api.request('/token/refresh/', { method: 'POST', json: { refresh: token } })
    const first = await (await refresh(session.refresh)).json()
    api.clock.advance(REFRESH_REUSE_SECONDS - 5)
    const second = await refresh(session.refresh)
    expect(second.status).toBe(200)
    const again = await second.json()
    expect(again.refresh).toBe(first.refresh)
    expect((await api.request('/me/', { token: again.access })).status).toBe(200)

    // The successor rotates as usual, and the original token still follows it within its window.
    const next = await (await refresh(first.refresh)).json()
    expect(next.refresh).not.toBe(first.refresh)
    expect((await refresh(session.refresh).then((response) => response.json())).refresh).toBe(next.refresh)
    expect((await refresh(next.refresh)).status).toBe(200)
  })

  it('does not let a token rotated within the window outlive a sign-out of its session', async () => {
    const session = await signIn(api, 'member')
    const rotated = await (
      await api.request('/token/refresh/', { method: 'POST', json: { refresh: session.refresh } })
    ).json()
    await api.request('/token/revoke/', { method: 'POST', json: { refresh: rotated.refresh } })
    expect((await api.request('/token/refresh/', { method: 'POST', json: { refresh: session.refresh } })).status).toBe(
      401,
    )
  })

  it('rejects an unknown refresh token and a missing one', async () => {
    const unknown = await api.request('/token/refresh/', { method: 'POST', json: { refresh: 'not-a-token' } })
    expect(unknown.status).toBe(401)
    const missing = await api.request('/token/refresh/', { method: 'POST', json: {} })
    expect(missing.status).toBe(400)
    expect(await missing.json()).toEqual({ refresh: ['This field is required.'] })
  })

  it('revoke signs the session out: its refresh token and its access token no longer work', async () => {
    const session = await signIn(api, 'member')
    const revoked = await api.request('/token/revoke/', { method: 'POST', json: { refresh: session.refresh } })
    expect(revoked.status).toBe(200)
    expect((await api.request('/token/refresh/', { method: 'POST', json: { refresh: session.refresh } })).status).toBe(
      401,
    )
    expect((await api.request('/me/', { token: session.access })).status).toBe(401)
  })
})

describe('access tokens', () => {
  it('accepts Bearer and Token schemes and refuses none, tampered or foreign-signed ones', async () => {
    const session = await signIn(api, 'analyst')
    expect((await api.request('/me/', { headers: { Authorization: `Token ${session.access}` } })).status).toBe(200)
    const none = await api.request('/me/')
    expect(none.status).toBe(401)
    expect(await none.json()).toMatchObject({ detail: 'Authentication credentials were not provided.' })
    const [header, payload, signature] = session.access.split('.')
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString())
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url')
    expect((await api.request('/me/', { token: `${header}.${forged}.${signature}` })).status).toBe(401)
    expect((await api.request('/me/', { token: 'garbage' })).status).toBe(401)
  })

  it('accepts an access token until its lifetime is over, and refuses it after', async () => {
    const local = await startApi({ ACCESS_TOKEN_TTL_SECONDS: '300' })
    try {
      const session = await signIn(local, 'member')
      const claims = JSON.parse(Buffer.from(session.access.split('.')[1]!, 'base64url').toString())
      expect(claims.exp - claims.iat).toBe(300)
      local.clock.advance(290)
      expect((await local.request('/me/', { token: session.access })).status).toBe(200)
      local.clock.advance(12)
      const expired = await local.request('/me/', { token: session.access })
      expect(expired.status).toBe(401)
      expect(await expired.json()).toEqual({
        detail: 'Given token not valid for any token type',
        code: 'token_not_valid',
      })
      // The session itself is still open: its refresh token gets a fresh access token.
      const refreshed = await local.request('/token/refresh/', { method: 'POST', json: { refresh: session.refresh } })
      expect(refreshed.status).toBe(200)
      expect((await local.request('/me/', { token: (await refreshed.json()).access })).status).toBe(200)
    } finally {
      await local.close()
    }
  })
})

describe('/api/me/ and /api/change-password/', () => {
  it('answers the profile for the organization chosen by X-Organization, and updates names', async () => {
    const session = await signIn(api, 'admin')
    const me = await api.request('/me/', { token: session.access, org: 'demo-advisory-group' })
    expect(await me.json()).toMatchObject({
      username: 'admin',
      role: 'admin',
      organization: { slug: 'demo-advisory-group' },
    })
    const updated = await api.request('/me/', {
      method: 'PATCH',
      token: session.access,
      json: { first_name: 'Alexandra' },
    })
    expect(updated.status).toBe(200)
    expect(await updated.json()).toMatchObject({ first_name: 'Alexandra', last_name: 'Morgan' })
  })

  it('changes the password: old one verified, every session ended, the caller carries on with fresh tokens', async () => {
    const local = await startApi()
    try {
      const current = await signIn(local, 'member')
      const other = await signIn(local, 'member')
      const wrong = await local.request('/change-password/', {
        method: 'POST',
        token: current.access,
        json: { old_password: 'nope', new_password: 'a-brand-new-password' },
      })
      expect(wrong.status).toBe(400)
      expect(await wrong.json()).toEqual({ old_password: ['Your old password was entered incorrectly.'] })
      // The refused change ended no session.
      expect((await local.request('/me/', { token: other.access })).status).toBe(200)
      const same = await local.request('/change-password/', {
        method: 'POST',
        token: current.access,
        json: { old_password: 'demo-password', new_password: 'demo-password' },
      })
      expect(same.status).toBe(400)
      expect(await same.json()).toEqual({ new_password: ['The new password must differ from the old one.'] })

      const changed = await local.request('/change-password/', {
        method: 'POST',
        token: current.access,
        json: { old_password: 'demo-password', new_password: 'a-brand-new-password' },
      })
      expect(changed.status).toBe(200)
      const fresh = await changed.json()
      expect(
        (await local.request('/token/refresh/', { method: 'POST', json: { refresh: other.refresh } })).status,
      ).toBe(401)
      expect((await local.request('/me/', { token: other.access })).status).toBe(401)
      expect((await local.request('/me/', { token: current.access })).status).toBe(401)
      expect((await local.request('/me/', { token: fresh.access })).status).toBe(200)
      expect(
        (await local.request('/token/refresh/', { method: 'POST', json: { refresh: fresh.refresh } })).status,
      ).toBe(200)
      expect(
        (
          await local.request('/token/obtain/', {
            method: 'POST',
            json: { username: 'member', password: 'demo-password' },
          })
        ).status,
      ).toBe(401)
      await signIn(local, 'member', 'a-brand-new-password')
    } finally {
      await local.close()
    }
  })
})
