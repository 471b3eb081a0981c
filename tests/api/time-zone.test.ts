import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { type Harness, signIn, startApi } from './support/harness'

let api: Harness

beforeAll(async () => {
  api = await startApi()
})
afterAll(() => api.close())

async function putMe(token: string, json: unknown) {
  const response = await api.request('/me/', { token, method: 'PUT', json })
  return { status: response.status, body: await response.json() }
}

describe("a user's time zone", () => {
  it('is none until chosen, then kept by its canonical name, and an empty string goes back to none', async () => {
    const { access } = await signIn(api, 'member')
    expect((await (await api.request('/me/', { token: access })).json()).time_zone).toBeNull()
    const chosen = await putMe(access, { time_zone: 'europe/amsterdam' })
    expect(chosen.status).toBe(200)
    expect(chosen.body.time_zone).toBe('Europe/Amsterdam')
    // Another sign-in, another device: the same zone.
    const again = await signIn(api, 'member')
    expect((await (await api.request('/me/', { token: again.access })).json()).time_zone).toBe('Europe/Amsterdam')
    expect((await putMe(access, { time_zone: '' })).body.time_zone).toBeNull()
  })

  it('refuses what is not a zone with a message, and changes nothing', async () => {
    const { access } = await signIn(api, 'analyst')
    await putMe(access, { time_zone: 'America/New_York' })
    for (const [value, message] of [
      ['Mars/Olympus_Mons', '"Mars/Olympus_Mons" is not a known time zone.'],
      ['UTC; DROP TABLE users', '"UTC; DROP TABLE users" is not a known time zone.'],
      [42, 'Not a valid string.'],
      [null, 'Not a valid string.'],
    ] as const) {
      const refused = await putMe(access, { time_zone: value })
      expect(refused.status).toBe(400)
      expect(refused.body).toEqual({ time_zone: [message] })
    }
    const overlong = await putMe(access, { time_zone: 'A'.repeat(10_000) })
    expect(overlong.status).toBe(400)
    expect(overlong.body.time_zone[0].length).toBeLessThan(120)
    expect((await (await api.request('/me/', { token: access })).json()).time_zone).toBe('America/New_York')
  })
})
