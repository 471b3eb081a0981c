import { afterEach, beforeAll, describe, expect, it } from 'vitest'

import { registerApiHandler } from '../../app/http/request-context.server'
import { ApiError } from '../../app/services/api-fetch.server'
import { LoginError, obtainToken } from '../../app/services/auth-api.server'
import { invitationsApi } from '../../app/services/invitations.server'
import { organizationsApi } from '../../app/services/organizations.server'

// The web services run against a stand-in backend registered the way server.ts registers the real one.
let answer: unknown
beforeAll(() => {
  process.env.SESSION_SECRET ??= 'a-test-session-secret-of-some-length'
  registerApiHandler(() => Response.json(answer))
})
afterEach(() => {
  answer = undefined
})

const request = () => new Request('http://localhost/dashboard')

const invitation = {
  id: 7,
  email: 'new@example.com',
  role: 'analyst',
  role_display: 'Analyst',
  status: 'pending',
  status_display: 'Pending',
  is_expired: false,
  created_at: '2025-01-01T00:00:00.000Z',
  expires_at: '2025-01-08T00:00:00.000Z',
  organization: { id: 1, name: 'Acme', slug: 'acme', description: '', website: '', logo: null, members_count: 3 },
  invited_by: { first_name: 'Ada', last_name: 'Lovelace', username: 'ada', email: 'ada@example.com' },
}

describe('responses the pages depend on', () => {
  it('passes a well-formed list on whole, fields the check does not name included', async () => {
    answer = [invitation]
    expect(await invitationsApi(request()).mine()).toEqual([invitation])
  })

  it('turns a list of the wrong shape into an ApiError, which the pages show as their load failure', async () => {
    answer = [{ id: 1, name: 'Acme' }]
    const failure = await organizationsApi(request())
      .mine()
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({ status: 502, message: 'Invalid response from server' })
  })

  it('refuses an invitation whose organization is missing rather than failing while rendering it', async () => {
    answer = [{ ...invitation, organization: null }]
    await expect(invitationsApi(request()).mine()).rejects.toBeInstanceOf(ApiError)
  })

  it('takes the answers of the backend built with the pages as they come, unchecked (decision 083)', async () => {
    registerApiHandler(() => Response.json(answer), { ofThisBuild: true })
    try {
      answer = [{ id: 1, name: 'Acme' }]
      expect(await organizationsApi(request()).mine()).toEqual([{ id: 1, name: 'Acme' }])
    } finally {
      registerApiHandler(() => Response.json(answer))
    }
    await expect(organizationsApi(request()).mine()).rejects.toBeInstanceOf(ApiError)
  })
})

describe('sign-in answers (spec §8 "Login response")', () => {
  const user = { id: 1, email: 'a@example.com', email_verified: true, username: 'a', role: 'admin', organization: null }

  it('accepts `token` in place of `access`', async () => {
    answer = { token: 'the-access', refresh: 'the-refresh', user }
    expect(await obtainToken(request(), { username: 'a', password: 'secret-password' })).toMatchObject({
      access: 'the-access',
      refresh: 'the-refresh',
      user,
    })
  })

  it('says the response is invalid when the access token or the user is missing', async () => {
    for (const body of [
      { refresh: 'r', user },
      { access: 'a', refresh: 'r' },
      { access: 'a', refresh: 'r', user: { id: 1 } },
    ]) {
      answer = body
      const failure = await obtainToken(request(), { username: 'a', password: 'secret-password' }).catch(
        (error: unknown) => error,
      )
      expect(failure).toBeInstanceOf(LoginError)
      expect((failure as Error).message).toBe('Authentication failed: Invalid response from server')
    }
  })
})
