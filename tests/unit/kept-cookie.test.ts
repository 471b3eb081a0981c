import { createCookie } from '@remix-run/node'
import { describe, expect, it, vi } from 'vitest'

import { keptCookie } from '../../app/session/kept-cookie.server'

const SECRET = 'a-test-secret-of-some-length'
const signed = () => createCookie('__session', { secrets: [SECRET] })

describe('a cookie that keeps what it read', () => {
  it('reads a header once and gives each later read a value of its own', async () => {
    const inner = signed()
    const parse = vi.spyOn(inner, 'parse')
    const cookie = keptCookie(inner)
    const header = `theme=dark; ${await inner.serialize({ auth: { access: 'a', user: { id: 7 } } })}`
    const first = (await cookie.parse(header)) as { auth: { access: string } }
    first.auth.access = 'changed by a reader'
    const second = await cookie.parse(header)
    expect(second).toEqual({ auth: { access: 'a', user: { id: 7 } } })
    expect(parse).toHaveBeenCalledTimes(1)
  })

  it('finds no value in a header whose signature fails, and none where the cookie is absent', async () => {
    const cookie = keptCookie(signed())
    const forged = await createCookie('__session', { secrets: ['another-secret-of-some-length'] }).serialize({
      auth: { access: 'forged' },
    })
    expect(await cookie.parse(forged)).toBeNull()
    expect(await cookie.parse(forged)).toBeNull()
    expect(await cookie.parse('theme=dark')).toBeNull()
  })

  it('keeps a bounded number of headers, the least recently read going first', async () => {
    const inner = signed()
    const parse = vi.spyOn(inner, 'parse')
    const cookie = keptCookie(inner)
    const headers = await Promise.all(Array.from({ length: 501 }, (_, index) => inner.serialize({ index })))
    for (const header of headers.slice(0, 500)) await cookie.parse(header)
    await cookie.parse(headers[0]!)
    await cookie.parse(headers[500]!)
    parse.mockClear()
    expect(await cookie.parse(headers[0]!)).toEqual({ index: 0 })
    expect(parse).not.toHaveBeenCalled()
    expect(await cookie.parse(headers[1]!)).toEqual({ index: 1 })
    expect(parse).toHaveBeenCalledTimes(1)
  })

  it('writes as the cookie it wraps', async () => {
    const inner = signed()
    const cookie = keptCookie(inner)
    expect(cookie.name).toBe('__session')
    expect(cookie.isSigned).toBe(true)
    expect(await inner.parse(await cookie.serialize({ index: 3 }))).toEqual({ index: 3 })
  })
})
