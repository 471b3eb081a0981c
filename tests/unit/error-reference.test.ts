import { afterEach, describe, expect, it, vi } from 'vitest'

import { errorReference, logServerError } from '../../app/services/error-reference.server'
import { requestStorage, type RequestStore } from '../../app/services/request-context.server'

const inRequest = <T>(run: () => T) =>
  requestStorage.run({ cache: new Map(), apiScope: new Map() } satisfies RequestStore, run)

describe('error references', () => {
  afterEach(() => vi.restoreAllMocks())

  it('logs the error under a short reference, the one the page of the same request shows', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const error = new Error('database unreachable')
    const { shown, reference } = inRequest(() => {
      const reference = logServerError(error, new Request('http://localhost/profile?tab=1', { method: 'POST' }))
      return { reference, shown: errorReference() }
    })
    expect(reference).toMatch(/^[0-9a-f]{8}$/)
    expect(shown).toBe(reference)
    expect(logged).toHaveBeenCalledWith(`[error ${reference}] POST /profile`, error)
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
