import { afterAll, beforeAll, expect, it } from 'vitest'

import { measured, newRequestMetrics } from '../../runtime/request-metrics'
import { eventLines } from './support/event-lines'
import { type Harness, type Session, signIn, startApi } from './support/harness'
import { startOpenAiServer } from './support/openai-server'
import { processed, upload } from './support/uploads'

/*
 * Issue 49: fifty organizations asking at once wait on the database's one session, which a
 * transaction holds from its BEGIN to its COMMIT while its process serves the others. A question's
 * conversation is read with its latest turns in the statement that admits and saves the question,
 * so its first chunk follows seven statements and none holds the session. Counts, not times: they hold on
 * any machine.
 */
const DEMO = 'demo-advisory-group'
let llm: Awaited<ReturnType<typeof startOpenAiServer>>
let api: Harness
let admin: Session

beforeAll(async () => {
  llm = await startOpenAiServer()
  llm.onCall((call) => {
    call.send('The lease runs until 2031 [1].')
    call.finish()
  })
  api = await startApi({ ANSWER_PROVIDER: 'openai', LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'test-model' })
  admin = await signIn(api, 'admin')
  const text = 'The warehouse lease runs until 2031 with one renewal option.'
  const created = await (await upload(api, admin, { name: 'lease.txt', bytes: text }, {}, DEMO)).json()
  await processed(api, admin, created.id)
})
afterAll(async () => {
  await api.close()
  await llm.close()
})

it('reads, admits and saves a question in one statement, and answers it in eight', async () => {
  const { id } = await (
    await api.request('/conversations/', { method: 'POST', token: admin.access, org: DEMO, json: { title: 'Lease' } })
  ).json()
  for (const round of [1, 2]) {
    const metrics = newRequestMetrics()
    const events = await measured(metrics, async () => {
      const response = await api.request(`/conversations/${id}/add_message_streaming/?stream=true`, {
        method: 'POST',
        token: admin.access,
        org: DEMO,
        json: { content: 'When does the warehouse lease end?' },
      })
      expect(response.status).toBe(200)
      return eventLines(response)
    })
    // The caller (session and membership, in one statement: decision 079), the admission with the
    // conversation, its latest turns and the question; then the retrieval (three: the statistics, then
    // the candidates, ranked by their words and found nearest in one statement, and their passages)
    // and the facts read at ingestion (two).
    expect(await events.next()).toMatchObject({ type: 'chunk' })
    expect(metrics.sqlStatements, `round ${round}, at the first chunk`).toBe(7)
    expect((await events.rest()).at(-1)).toMatchObject({ type: 'metadata' })
    // The answer saved with its place among the answers being written given back.
    expect(metrics.sqlStatements, `round ${round}, answered`).toBe(8)
  }
})
