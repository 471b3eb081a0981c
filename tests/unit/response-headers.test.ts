import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'

import { setHeader } from '../../api/kernel/response-headers'

const answering = (answer: () => Response) => {
  const app = new Hono()
  app.use(async (c, next) => {
    await next()
    setHeader(c, 'X-Added', 'yes')
  })
  app.get('/', answer)
  return app
}

describe('headers added to an answer already made', () => {
  it('are set on the answer itself, its body left as it was made', async () => {
    const made = new Response('whole', { headers: { 'Content-Type': 'text/plain' } })
    const answer = await answering(() => made).request('/')
    expect(answer).toBe(made)
    expect(answer.headers.get('X-Added')).toBe('yes')
    expect(await answer.text()).toBe('whole')
  })

  it('remake an answer whose headers cannot change', async () => {
    const answer = await answering(() => Response.redirect('http://localhost/elsewhere', 302)).request('/')
    expect(answer.status).toBe(302)
    expect(answer.headers.get('Location')).toBe('http://localhost/elsewhere')
    expect(answer.headers.get('X-Added')).toBe('yes')
  })
})
