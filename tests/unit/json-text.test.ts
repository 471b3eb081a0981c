import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'

import type { AppEnv } from '../../api/kernel/hono-env'
import { keepJsonText } from '../../api/kernel/json-text'
import { answerOf, ApiError } from '../../app/services/api-fetch.server'
import { keptJsonText } from '../../shared/json-text'

// An API whose answers are made the ways routes make them: c.json with a status, headers or an init.
const api = new Hono<AppEnv>()
api.use(keepJsonText)
api.get('/plain', (c) => c.json({ id: 7, tags: ['a'], note: null }))
api.get('/refused', (c) => c.json({ detail: 'No.' }, 409, { 'Retry-After': '5' }))
api.get('/typed', (c) => c.json({ ok: true }, { status: 201, headers: { 'Content-Type': 'application/problem+json' } }))

const inProcess = (path: string) => api.request(path, {}, { keepsJsonText: true })

describe('an in-process JSON answer', () => {
  it('keeps the text its body is, with the status and headers Hono gives', async () => {
    for (const path of ['/plain', '/refused', '/typed']) {
      const [kept, sent] = [await inProcess(path), await api.request(path)]
      expect(keptJsonText(kept)).toBe(await sent.clone().text())
      expect(await kept.text()).toBe(await sent.text())
      expect([kept.status, [...kept.headers]]).toEqual([sent.status, [...sent.headers]])
    }
  })

  it('is kept only for the web server that asks for it', async () => {
    expect(keptJsonText(await api.request('/plain'))).toBeUndefined()
  })

  it('is read from its kept text, its body left unread', async () => {
    const answer = await inProcess('/plain')
    expect(await answerOf(answer)).toEqual({ id: 7, tags: ['a'], note: null })
    expect(answer.bodyUsed).toBe(false)
    const refused = await answerOf(await inProcess('/refused')).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(ApiError)
    expect(refused).toMatchObject({ status: 409, body: { detail: 'No.' } })
    expect((refused as ApiError).headers.get('Retry-After')).toBe('5')
  })

  it('answered by a middleware that remade it is read from its body', async () => {
    const remade = new Response(await (await inProcess('/plain')).text(), { status: 200 })
    expect(keptJsonText(remade)).toBeUndefined()
    expect(await answerOf(remade)).toEqual({ id: 7, tags: ['a'], note: null })
  })
})
