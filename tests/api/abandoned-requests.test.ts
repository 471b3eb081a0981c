import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { type Harness, type Session, signIn, startApi } from './support/harness'
import { captureLogs, ERROR } from './support/logs'

let api: Harness
let admin: Session

beforeAll(async () => {
  api = await startApi()
  admin = await signIn(api, 'admin')
})
afterAll(() => api.close())

// Issue 47 item 21: a request its client abandoned was logged as a server error (status 500).
describe('a request its client abandoned', () => {
  it('is logged as abandoned (499), not with the status its handler made, and no error is logged', async () => {
    const logs = captureLogs('info')
    try {
      const gone = new AbortController()
      gone.abort()
      await api.request('/me/', { token: admin.access, signal: gone.signal })
      await api.request('/me/', { token: admin.access })
      const lines = logs.lines().filter((line) => line.msg.startsWith('api request'))
      expect(lines.map(({ msg, status, abandoned }) => ({ msg, status, abandoned }))).toEqual([
        { msg: 'api request abandoned by its client', status: 499, abandoned: true },
        { msg: 'api request', status: 200, abandoned: undefined },
      ])
      expect(logs.lines().filter((line) => line.level >= ERROR)).toEqual([])
    } finally {
      logs.stop()
    }
  })
})
