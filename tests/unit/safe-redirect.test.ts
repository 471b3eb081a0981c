import { describe, expect, it } from 'vitest'

import { returnPath, safeRedirect, signInPath } from '../../app/utils/safe-redirect'
import { OFF_SITE_REDIRECTS } from '../support/redirect-payloads'

/** What the login page reads from `?redirectTo=<payload>`: the decoded parameter. */
const fromQuery = (payload: string) =>
  new URL(`http://localhost/login?redirectTo=${payload}`).searchParams.get('redirectTo')

describe('safeRedirect', () => {
  it.each([
    ...OFF_SITE_REDIRECTS,
    '/%5Cevil.example',
    'https://evil.example/',
    '/.//evil.example',
    '/%00',
    'javascript:alert(1)',
  ])('sends ?redirectTo=%s to the dashboard', (payload) => {
    expect(safeRedirect(fromQuery(payload))).toBe('/dashboard')
  })

  it('sends a missing, empty or non-text target to the fallback', () => {
    expect(safeRedirect(null)).toBe('/dashboard')
    expect(safeRedirect(undefined)).toBe('/dashboard')
    expect(safeRedirect('')).toBe('/dashboard')
    expect(safeRedirect(new File([], 'a.txt'))).toBe('/dashboard')
    expect(safeRedirect('//evil.example', '/login')).toBe('/login')
  })

  it('keeps a path on this site with its query string', () => {
    expect(safeRedirect(fromQuery('%2Fdocuments%3Fstatus%3Dfailed'))).toBe('/documents?status=failed')
    expect(safeRedirect('/search?q=exit%20plan#results')).toBe('/search?q=exit%20plan#results')
    expect(safeRedirect('/invitations/abc_DEF-123')).toBe('/invitations/abc_DEF-123')
  })

  it('answers only header-safe text, so a Location header can always be set', () => {
    for (const payload of ['/%0D%0ASet-Cookie:x=1', '/caf%C3%A9', '/a b']) {
      const target = safeRedirect(fromQuery(payload))
      expect(() => new Headers({ Location: target })).not.toThrow()
    }
  })
})

describe('signInPath', () => {
  it('remembers the page and its query, without Remix data parameters', () => {
    const request = new Request('http://localhost/documents?status=failed&_data=routes%2F_app.documents')
    expect(returnPath(request)).toBe('/documents?status=failed')
    expect(signInPath(request)).toBe('/login?redirectTo=%2Fdocuments%3Fstatus%3Dfailed')
    expect(safeRedirect(fromQuery(signInPath(request).split('=')[1]))).toBe('/documents?status=failed')
  })

  it('leaves a query without a data parameter exactly as it was', () => {
    expect(returnPath(new Request('http://localhost/search?q=exit%20plan'))).toBe('/search?q=exit%20plan')
  })
})
