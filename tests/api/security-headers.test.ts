import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { type Harness, type Session, signIn, startApi } from './support/harness'
import { upload } from './support/uploads'

let api: Harness
let admin: Session
beforeAll(async () => {
  api = await startApi()
  admin = await signIn(api, 'admin')
})
afterAll(() => api.close())

function expectGuarded(response: Response) {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  expect(response.headers.get('referrer-policy')).toBe('no-referrer')
  expect(response.headers.get('cache-control')).toBe('no-store')
}

describe('/api security headers', () => {
  it('answers tokens with no-store, nosniff and no referrer', async () => {
    const obtained = await api.request('/token/obtain/', {
      method: 'POST',
      json: { username: 'admin', password: 'demo-password' },
    })
    expect(obtained.status).toBe(200)
    expectGuarded(obtained)

    const refreshed = await api.request('/token/refresh/', { method: 'POST', json: { refresh: admin.refresh } })
    expect(refreshed.status).toBe(200)
    expectGuarded(refreshed)
  })

  it('guards every answer to an Authorization header, errors included', async () => {
    const me = await api.request('/me/', { token: admin.access })
    expect(me.status).toBe(200)
    expectGuarded(me)

    const refused = await api.request('/me/', { token: 'not-a-token' })
    expect(refused.status).toBe(401)
    expectGuarded(refused)

    const missing = await api.request('/no-such-route/', { token: admin.access })
    expect(missing.status).toBe(404)
    expectGuarded(missing)
  })

  it('answers a streamed chat answer with no-store and nosniff, as every other answer', async () => {
    const created = await api.request('/conversations/', {
      method: 'POST',
      token: admin.access,
      json: { title: 'New Conversation' },
    })
    const { id } = (await created.json()) as { id: number }
    const streamed = await api.request(`/conversations/${id}/add_message_streaming/?stream=true`, {
      method: 'POST',
      token: admin.access,
      json: { content: 'When does the lease end?' },
    })
    expect(streamed.status).toBe(200)
    expect(streamed.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expectGuarded(streamed)
    await streamed.text()
  })

  it('keeps the caching a handler chose for itself (a file download)', async () => {
    const uploaded = await upload(
      api,
      admin,
      { name: 'notes.txt', bytes: 'Exit plan notes', type: 'text/plain' },
      { title: 'Notes' },
    )
    expect(uploaded.status).toBe(201)
    const { id } = (await uploaded.json()) as { id: number }
    const download = await api.request(`/documents/${id}/download/`, { token: admin.access })
    expect(download.status).toBe(200)
    expect(download.headers.get('cache-control')).toBe('private, no-store')
    expect(download.headers.get('x-content-type-options')).toBe('nosniff')
    expect(download.headers.get('referrer-policy')).toBe('no-referrer')
  })
})
