// Remix's router and server runtime, patched (patches/) so that a page's loader data is read back
// from the text its json() response was made of, and a Response is known as one without being asked
// for its body: Hono's node server makes a light Response whose body becomes a stream when read.
import { createRequire } from 'node:module'

import type * as Router from '@remix-run/router'
import { describe, expect, it } from 'vitest'

// The CommonJS builds, which are the ones the server loads and the ones patched.
const require = createRequire(import.meta.url)
const { createStaticHandler, json } = require('@remix-run/router') as typeof Router
const { isResponse } = require('@remix-run/server-runtime/dist/responses.js') as {
  isResponse(value: unknown): boolean
}

async function loaded(answer: () => Response) {
  let made: Response | undefined
  const handler = createStaticHandler([
    {
      id: 'page',
      path: '/',
      loader: () => {
        made = answer()
        return made
      },
    },
  ])
  const context = await handler.query(new Request('http://localhost/'))
  if (context instanceof Response) throw new Error('the page redirected')
  return { data: context.loaderData.page as unknown, made: made! }
}

describe('a page’s loader data', () => {
  it('is read from the text of its json() answer, whose body is left unread', async () => {
    const { data, made } = await loaded(() => json({ title: 'Lease', when: new Date(0), gone: undefined }))
    expect(data).toEqual({ title: 'Lease', when: '1970-01-01T00:00:00.000Z' })
    expect(made.bodyUsed).toBe(false)
  })

  it('is read from the body of any other JSON answer', async () => {
    const { data, made } = await loaded(() => Response.json({ title: 'Lease' }))
    expect(data).toEqual({ title: 'Lease' })
    expect(made.bodyUsed).toBe(true)
  })
})

describe('a Response', () => {
  it('is known as one without being asked for its body or status text', () => {
    class LightResponse extends Response {
      override get body(): never {
        throw new Error('asked for its body')
      }
      override get statusText(): never {
        throw new Error('asked for its status text')
      }
    }
    expect(isResponse(new LightResponse('{}'))).toBe(true)
    expect(isResponse({ status: 200, statusText: '', headers: {}, body: null })).toBe(true)
    expect(isResponse({ status: 200 })).toBe(false)
  })
})
