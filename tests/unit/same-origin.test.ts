import { describe, expect, it } from 'vitest'

import { type OriginSettings, refuseCrossOrigin, requestOrigin } from '../../app/http/same-origin.server'

const settings: OriginSettings = { appUrl: 'https://planner.example.com', trustProxy: false }

/** A form post as the victim's browser sends it to our server (Host is ours, whoever made the page). */
function post(headers: Record<string, string>, { url = 'http://localhost:3000/logout', method = 'POST' } = {}) {
  return new Request(url, { method, headers })
}

describe('refuseCrossOrigin', () => {
  it('lets a form from our own pages through, by Origin or by Sec-Fetch-Site', () => {
    expect(refuseCrossOrigin(post({ origin: 'http://localhost:3000' }), settings)).toBeUndefined()
    expect(refuseCrossOrigin(post({ origin: 'https://planner.example.com' }), settings)).toBeUndefined()
    expect(refuseCrossOrigin(post({ 'sec-fetch-site': 'same-origin' }), settings)).toBeUndefined()
    expect(refuseCrossOrigin(post({ 'sec-fetch-site': 'none' }), settings)).toBeUndefined()
  })

  it('answers 403 naming the other origin, including another port of the same host', async () => {
    for (const origin of [
      'https://evil.example',
      'http://localhost:4000',
      'https://planner.example.com.evil.example',
      'null',
    ]) {
      const refusal = refuseCrossOrigin(post({ origin, 'sec-fetch-site': 'same-origin' }), settings)
      expect(refusal?.status).toBe(403)
      const text = await refusal!.text()
      expect(text).toContain('Request refused: this form was sent from another website, so nothing was changed.')
      expect(text).toContain(`It came from ${origin};`)
    }
  })

  it('refuses a cross-site or same-site request that carries no Origin', () => {
    expect(refuseCrossOrigin(post({ 'sec-fetch-site': 'cross-site' }), settings)?.status).toBe(403)
    expect(refuseCrossOrigin(post({ 'sec-fetch-site': 'same-site' }), settings)?.status).toBe(403)
  })

  it('checks every state-changing method but no safe one', () => {
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      expect(refuseCrossOrigin(post({ origin: 'https://evil.example' }, { method }), settings)?.status).toBe(403)
    }
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      expect(refuseCrossOrigin(post({ origin: 'https://evil.example' }, { method }), settings)).toBeUndefined()
    }
  })

  it('lets a program through that sends neither header (it has no visitor’s cookie to abuse)', () => {
    expect(refuseCrossOrigin(post({}), settings)).toBeUndefined()
  })

  it('takes the address the browser used from a trusted proxy only', () => {
    const behindProxy = post(
      {
        origin: 'https://app.internal.example',
        'x-forwarded-host': 'app.internal.example',
        'x-forwarded-proto': 'https',
      },
      { url: 'http://10.0.0.5:3000/logout' },
    )
    expect(refuseCrossOrigin(behindProxy, { trustProxy: true })).toBeUndefined()
    expect(refuseCrossOrigin(behindProxy, { trustProxy: false })?.status).toBe(403)
  })
})

describe('requestOrigin', () => {
  it('is the origin of the request URL, or the first forwarded host and protocol behind a proxy', () => {
    const request = new Request('http://10.0.0.5:3000/x', {
      headers: { 'x-forwarded-host': 'a.example, b.example', 'x-forwarded-proto': 'https,http' },
    })
    expect(requestOrigin(request, false)).toBe('http://10.0.0.5:3000')
    expect(requestOrigin(request, true)).toBe('https://a.example')
  })
})
