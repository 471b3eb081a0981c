import { describe, expect, it } from 'vitest'

import { errorReference, logServerError } from '../../app/http/error-reference.server'
import { requestStorage, type RequestStore } from '../../app/http/request-context.server'
import { captureLogs } from '../api/support/logs'

const inRequest = <T>(run: () => T) =>
  requestStorage.run({ cache: new Map(), apiScope: new Map() } satisfies RequestStore, run)

describe('error references', () => {
  it('logs the error under a short reference, the one the page of the same request shows', () => {
    const logs = captureLogs()
    const error = new Error('database unreachable')
    const { shown, reference } = inRequest(() => {
      const reference = logServerError(error, new Request('http://localhost/profile?tab=1', { method: 'POST' }))
      return { reference, shown: errorReference() }
    })
    logs.stop()
    expect(reference).toMatch(/^[0-9a-f]{8}$/)
    expect(shown).toBe(reference)
    expect(logs.lines()).toEqual([
      expect.objectContaining({
        level: 50,
        msg: `[error ${reference}] POST /profile`,
        errorReference: reference,
        err: expect.objectContaining({ message: 'database unreachable', stack: expect.stringContaining('Error') }),
      }),
    ])
  })

  it('gives each request a reference of its own', () => {
    const first = inRequest(() => errorReference())
    const second = inRequest(() => errorReference())
    expect(first).not.toBe(second)
  })

  it('falls back to the request itself when no request store runs', () => {
    const request = new Request('http://localhost/dashboard')
    expect(errorReference(request)).toBe(errorReference(request))
  })
})
