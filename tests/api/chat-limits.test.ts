import { count, isNotNull, min } from 'drizzle-orm'
import type { Sql } from 'postgres'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { ANSWER_LEASE_SECONDS } from '../../api/chat/chat-limits'
import { chatQuestions } from '../../api/db/schema'
import { serveWireDatabase, type WireDatabase } from '../support/wire-database'
import { eventLines } from './support/event-lines'
import { demoAndHarbor, type Harness, type Session, signIn, startApi } from './support/harness'
import { startOpenAiServer } from './support/openai-server'

/*
 * Issue 30, finding 7: one member asked 760 questions in 20 s and held 50 answers at once, all
 * served. Small limits here, so each is reached in a few questions; the test clock moves the minute on.
 */
const LIMITS = {
  CHAT_QUESTIONS_PER_MINUTE_PER_USER: '4',
  CHAT_QUESTIONS_PER_MINUTE_PER_ORGANIZATION: '6',
  CHAT_ANSWERS_AT_ONCE_PER_USER: '2',
  CHAT_ANSWERS_AT_ONCE_PER_ORGANIZATION: '3',
  // The tests move the clock on by minutes: the sessions of the first must last to the last.
  ACCESS_TOKEN_TTL_SECONDS: '86400',
}
const DEMO = 'demo-advisory-group'

let llm: Awaited<ReturnType<typeof startOpenAiServer>>

/** The model writes a first piece of each answer, then holds it until the test lets every held answer finish. */
function holdAnswers() {
  const held: Array<() => void> = []
  llm.onCall(async (call) => {
    call.send('The lease runs until 2031')
    await new Promise<void>((resolve) => held.push(resolve))
    call.send('.')
    call.finish()
  })
  return () => held.splice(0).forEach((finish) => finish())
}

function answerAtOnce() {
  llm.onCall((call) => {
    call.send('The lease runs until 2031.')
    call.finish()
  })
}

function client(api: Harness) {
  const conversation = async (session: Session, org = DEMO) => {
    const response = await api.request('/conversations/', {
      method: 'POST',
      token: session.access,
      org,
      json: { title: 'New Conversation' },
    })
    return (await response.json()).id as number
  }
  const streamed = (session: Session, id: number, org = DEMO) =>
    api.request(`/conversations/${id}/add_message_streaming/?stream=true`, {
      method: 'POST',
      token: session.access,
      org,
      json: { content: 'When does the lease end?' },
    })
  const whole = (session: Session, id: number, org = DEMO) =>
    api.request(`/conversations/${id}/add_message/`, {
      method: 'POST',
      token: session.access,
      org,
      json: { content: 'When does the lease end?' },
    })
  /** Starts an answer and reads its first piece: from then on it is being written. */
  const started = async (session: Session, id: number, org = DEMO) => {
    const response = await streamed(session, id, org)
    // The body of an answer being written ends only with it: it is read only when there is no answer.
    if (response.status !== 200) throw new Error(`no answer: ${response.status} ${await response.text()}`)
    const events = eventLines(response)
    expect(await events.next()).toEqual({ type: 'chunk', content: 'The lease runs until 2031' })
    return events
  }
  const answered = async (session: Session, id: number, org = DEMO) => {
    const response = await streamed(session, id, org)
    expect(response.status, await response.clone().text()).toBe(200)
    expect((await eventLines(response).rest()).at(-1)).toMatchObject({ type: 'metadata' })
  }
  const messages = async (session: Session, id: number) =>
    (await (
      await api.request(`/conversations/${id}/messages/`, { token: session.access, org: DEMO })
    ).json()) as Array<{
      role: string
    }>
  return { conversation, streamed, whole, started, answered, messages }
}

async function expectRefused(response: Response, detail: RegExp) {
  expect(response.status).toBe(429)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  expect(((await response.json()) as { detail: string }).detail).toMatch(detail)
  const retryAfter = Number(response.headers.get('retry-after'))
  expect(retryAfter).toBeGreaterThanOrEqual(1)
  expect(retryAfter).toBeLessThanOrEqual(60)
  return retryAfter
}

beforeAll(async () => {
  llm = await startOpenAiServer()
})
afterAll(() => llm.close())

describe('chat limits', () => {
  let api: Harness
  let chat: ReturnType<typeof client>
  let admin: Session
  let analyst: Session
  let member: Session
  let outsider: Session
  let harbor: string

  /** Answers counted as being written. */
  const answering = async () =>
    (await api.db.select({ n: count() }).from(chatQuestions).where(isNotNull(chatQuestions.answeringUntil)))[0]!.n

  beforeAll(async () => {
    api = await startApi({ ANSWER_PROVIDER: 'openai', LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'test-model', ...LIMITS })
    chat = client(api)
    ;({ admin, analyst, member, outsider, harbor } = await demoAndHarbor(api))
  })
  afterAll(() => api.close())
  // Each test starts a minute after the last one's questions.
  beforeEach(() => api.clock.advance(61))

  it('refuses a member’s questions past their limit a minute, by either call, with when to try again, and saves none', async () => {
    answerAtOnce()
    const calls = llm.calls.length
    const id = await chat.conversation(member)
    await chat.answered(member, id)
    await chat.answered(member, id)
    expect((await chat.whole(member, id)).status).toBe(201)
    expect((await chat.whole(member, id)).status).toBe(201)

    const refusal =
      /^You have asked 4 questions in the last minute, the most allowed\. Please try again in \d+ seconds?\.$/
    const wait = await expectRefused(await chat.streamed(member, id), refusal)
    await expectRefused(await chat.whole(member, id), refusal)
    expect(await chat.messages(member, id)).toHaveLength(8)
    expect(llm.calls).toHaveLength(calls + 4)

    api.clock.advance(wait)
    await chat.answered(member, id)
  })

  it('counts no question asked of a conversation that is not the caller’s', async () => {
    answerAtOnce()
    const asked = async () => (await api.db.select({ n: count() }).from(chatQuestions))[0]!.n
    const before = await asked()
    const others = [await chat.conversation(analyst), await chat.conversation(outsider, harbor), 999_999]
    for (const id of others) {
      expect((await chat.streamed(member, id)).status).toBe(404)
      expect((await chat.whole(member, id)).status).toBe(404)
    }
    expect(await asked()).toBe(before)
    // Had any of the six counted, the member's limit of four a minute would refuse these.
    const mine = await chat.conversation(member)
    for (let question = 0; question < 4; question++) await chat.answered(member, mine)
  })

  it('refuses every member of an organization past its limit a minute, and no one of another organization', async () => {
    answerAtOnce()
    const mine = await chat.conversation(member)
    for (let question = 0; question < 4; question++) await chat.answered(member, mine)
    const theirs = await chat.conversation(analyst)
    await chat.answered(analyst, theirs)
    await chat.answered(analyst, theirs)

    // The analyst has asked two of their four: it is the organization's six that refuse them.
    const refusal =
      /^Your organization has asked 6 questions in the last minute, the most allowed\. Please try again in \d+ seconds?\.$/
    await expectRefused(await chat.streamed(analyst, theirs), refusal)
    await expectRefused(await chat.whole(admin, await chat.conversation(admin)), refusal)
    await chat.answered(outsider, await chat.conversation(outsider, harbor), harbor)
  })

  it('refuses a member’s third answer at once and the organization’s fourth, and serves another organization', async () => {
    const finish = holdAnswers()
    const id = await chat.conversation(member)
    const first = await chat.started(member, id)
    const second = await chat.started(member, id)
    const mine = /^You already have 2 answers being written, the most at once\. Please try again in a few seconds/
    expect(await expectRefused(await chat.streamed(member, id), mine)).toBe(5)
    await expectRefused(await chat.whole(member, id), mine)

    const third = await chat.started(analyst, await chat.conversation(analyst))
    await expectRefused(
      await chat.streamed(admin, await chat.conversation(admin)),
      /^Your organization already has 3 answers being written, the most at once\. Please try again in a few seconds\.$/,
    )
    const elsewhere = await chat.started(outsider, await chat.conversation(outsider, harbor), harbor)

    // An answer that ends gives its place back at once.
    finish()
    for (const events of [first, second, third, elsewhere]) {
      expect((await events.rest()).at(-1)).toMatchObject({ type: 'metadata' })
    }
    expect(await answering()).toBe(0)
    answerAtOnce()
    await chat.answered(admin, await chat.conversation(admin))
  })

  it('lets no more answers through than the limit when the questions come all at once', async () => {
    const finish = holdAnswers()
    const id = await chat.conversation(member)
    const responses = await Promise.all(Array.from({ length: 6 }, () => chat.streamed(member, id)))
    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 429, 429, 429, 429])
    const served = responses.filter((response) => response.status === 200).map((response) => eventLines(response))
    for (const events of served) expect(await events.next()).toMatchObject({ type: 'chunk' })
    finish()
    for (const events of served) expect((await events.rest()).at(-1)).toMatchObject({ type: 'metadata' })
  })

  it('gives an answer’s place back when the model fails or the client goes away', async () => {
    const finish = holdAnswers()
    const id = await chat.conversation(member)
    const held = await chat.started(member, id)

    llm.onCall((call) => call.fail(500, 'model crashed'))
    const failed = await chat.streamed(member, id)
    expect(await eventLines(failed).rest()).toEqual([{ type: 'error', error: 'Failed to get response' }])
    expect(await answering()).toBe(1)

    const calls = llm.calls.length
    holdAnswers()
    const leaving = await chat.started(member, id)
    await leaving.cancel()
    await llm.calls[calls]!.aborted
    await vi.waitFor(async () => expect(await answering()).toBe(1))

    answerAtOnce()
    await chat.answered(member, id)
    finish()
    await held.rest()
  })

  describe('while an answer is being written', () => {
    afterEach(() => {
      vi.useRealTimers()
    })

    it('keeps its place past the lease, renewed by the process writing it', async () => {
      // Only the renewal timer runs on the test's time, moved on together with the clock.
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
      const finish = holdAnswers()
      const id = await chat.conversation(member)
      const held = [await chat.started(member, id), await chat.started(member, id)]
      const leasedAt = api.clock.now().getTime()

      for (let step = 0; step < 3; step++) {
        api.clock.advance(ANSWER_LEASE_SECONDS / 3)
        vi.advanceTimersByTime((ANSWER_LEASE_SECONDS * 1000) / 3)
      }
      await vi.waitFor(async () => {
        const [lease] = await api.db.select({ until: min(chatQuestions.answeringUntil) }).from(chatQuestions)
        expect(lease!.until!.getTime()).toBeGreaterThan(leasedAt + ANSWER_LEASE_SECONDS * 1000)
      })
      api.clock.advance(10)

      // Both questions have left the minute: only the two answers still being written refuse a third.
      await expectRefused(await chat.streamed(member, id), /^You already have 2 answers being written/)
      finish()
      for (const events of held) await events.rest()
    })
  })
})

// Several API instances behind a load balancer, on one database: the limits are theirs together.
describe('chat limits on instances sharing one database', () => {
  let database: WireDatabase
  let first: Harness
  let second: Harness
  let member: Session

  const start = () =>
    startApi(
      { ANSWER_PROVIDER: 'openai', LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'test-model', JOB_WORKER: 'false', ...LIMITS },
      { databaseUrl: database.url },
    )

  beforeAll(async () => {
    database = await serveWireDatabase()
    first = await start()
    second = await start()
    member = await signIn(first, 'member')
  })
  afterAll(async () => {
    await Promise.all([first.close(), second.close()])
    await database.close()
  })

  it('counts questions asked on any instance', async () => {
    answerAtOnce()
    const [onFirst, onSecond] = [client(first), client(second)]
    const id = await onFirst.conversation(member)
    await onFirst.answered(member, id)
    await onSecond.answered(member, id)
    await onFirst.answered(member, id)
    await onSecond.answered(member, id)
    await expectRefused(await onFirst.streamed(member, id), /^You have asked 4 questions in the last minute/)
    await expectRefused(await onSecond.streamed(member, id), /^You have asked 4 questions in the last minute/)
  })

  it('counts the answers of an instance that died until their lease runs out', async () => {
    const finish = holdAnswers()
    const doomed = await start()
    // A minute after the last test's questions, on every instance's clock alike.
    for (const instance of [first, second, doomed]) instance.clock.advance(61)
    const onDoomed = client(doomed)
    const id = await onDoomed.conversation(member)
    const held = [await onDoomed.started(member, id), await onDoomed.started(member, id)]
    const onSecond = client(second)
    const mine = /^You already have 2 answers being written/
    await expectRefused(await onSecond.streamed(member, id), mine)

    // The instance dies: it never renews nor gives back its answers' places.
    await (doomed.db as unknown as { $client: Sql }).$client.end({ timeout: 0 })
    await expectRefused(await onSecond.streamed(member, id), mine)
    second.clock.advance(ANSWER_LEASE_SECONDS + 1)
    answerAtOnce()
    await onSecond.answered(member, id)

    finish()
    for (const events of held) await events.rest()
    await doomed.close()
  })
})
