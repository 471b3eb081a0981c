// Remix's server runtime, patched (patches/) to pass a loader the request it was given when there is
// no `index` or `_data` parameter to strip, instead of a new Request for every loader of every page.
import { createRequire } from 'node:module'

import { describe, expect, it } from 'vitest'

// The CommonJS build, which is the one the server loads and the one patched.
const { callRouteLoader } = createRequire(import.meta.url)('@remix-run/server-runtime/dist/data.js') as {
  callRouteLoader(args: {
    loader: (args: { request: Request }) => unknown
    request: Request
    params: Record<string, string>
    routeId: string
    loadContext: unknown
    singleFetch: boolean
  }): Promise<unknown>
}

async function requestSeen(url: string) {
  let seen: Request | undefined
  const request = new Request(url, { headers: { cookie: '__session=abc' } })
  await callRouteLoader({
    loader: ({ request: given }) => {
      seen = given
      return null
    },
    request,
    params: {},
    routeId: 'routes/page',
    loadContext: undefined,
    singleFetch: false,
  })
  return { request, seen: seen! }
}

describe('a loader’s request', () => {
  it('is the request itself when it has nothing to strip', async () => {
    const { request, seen } = await requestSeen('http://localhost/documents?page=2&q=lease')
    expect(seen).toBe(request)
  })

  it('loses a data request’s _data and an empty index, and keeps the rest', async () => {
    const { request, seen } = await requestSeen('http://localhost/documents?_data=routes%2Fdocuments&index&page=2')
    expect(seen).not.toBe(request)
    expect(seen.url).toBe('http://localhost/documents?page=2')
    expect(seen.headers.get('cookie')).toBe('__session=abc')
  })

  it('keeps an index parameter that has a value', async () => {
    const { seen } = await requestSeen('http://localhost/search?index=all&q=lease')
    expect(new URL(seen.url).searchParams.get('index')).toBe('all')
    expect(new URL(seen.url).searchParams.get('q')).toBe('lease')
  })
})
