import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

import { NO_ANSWER } from '../../api/ai/answers/extractive'
import { ConversationPageSchema, ConversationSchema, MessageSchema } from '../../api/chat/contract'
import { rowsOf } from '../../api/db/sql-values'
import { inContract } from './support/contract'
import { eventLines, type Reference, type StreamEvent } from './support/event-lines'
import { demoAndHarbor, type Harness, type Session, startApi } from './support/harness'
import { processed, upload } from './support/uploads'

const DEMO = 'demo-advisory-group'
const HARBOR_TEXT =
  'Harbor Capital confidential: the Lindqvist family will accept an earn-out of 14 million over three years ' +
  'if the marina business keeps its waterfront lease.'

let api: Harness
let admin: Session
let analyst: Session
let member: Session
let outsider: Session
let harbor: string
let harborDocument: number
const documents: Record<string, number> = {}

interface Conversation {
  id: number
  title: string
  created_at: string
  updated_at: string
  message_count: number
  document_ids: number[] | null
}

async function uploadText(session: Session, name: string, text: string, org?: string) {
  const created = await (await upload(api, session, { name, bytes: text }, {}, org)).json()
  expect((await processed(api, session, created.id)).processing_status).toBe('processed')
  return created.id as number
}

async function create(session: Session, json: unknown = { title: 'New Conversation' }, org = DEMO) {
  const response = await api.request('/conversations/', { method: 'POST', token: session.access, org, json })
  expect(response.status, await response.clone().text()).toBe(201)
  return inContract(ConversationSchema, await response.json())
}

const stream = (session: Session, id: number, json: unknown, org = DEMO) =>
  api.request(`/conversations/${id}/add_message_streaming/?stream=true`, {
    method: 'POST',
    token: session.access,
    org,
    json,
  })

/** Asks through the streaming call and returns every event, checking the line format on the way. */
async function ask(session: Session, id: number, content: string, org = DEMO) {
  const response = await stream(session, id, { content }, org)
  expect(response.status, await response.clone().text()).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
  const reader = eventLines(response)
  const events = await reader.rest()
  for (const line of reader.lines.filter(Boolean)) expect(line).toMatch(/^data: \{/)
  expect(reader.leftover()).toBe('')
  return events
}

function finalMessage(events: StreamEvent[]) {
  const last = events.at(-1)
  if (last?.type !== 'metadata') throw new Error(`the stream ended with ${JSON.stringify(last)}`)
  return last.message
}

/** The [n] markers of an answer, in order. */
const markers = (content: string) => [...content.matchAll(/\[(\d+)\]/g)].map((match) => Number(match[1]))

beforeAll(async () => {
  api = await startApi()
  ;({ admin, analyst, member, outsider, harbor } = await demoAndHarbor(api))
  harborDocument = await uploadText(outsider, 'Lindqvist earn-out.txt', HARBOR_TEXT, harbor)
  const texts: Record<string, string> = {
    revenue:
      'Revenue summary.\n' +
      'Segment | 2024 | 2023\n' +
      'Consulting | $ 4,210 | $ 3,880\n' +
      'Software licences | 1,950 | 1,720\n' +
      'Total revenue | $ 6,160 | $ 5,600\n' +
      'Revenue grew in 2024 because two large software clients renewed for three years.',
    lease: 'The factory lease in Dayton runs until 2031 with two five-year renewal options at market rent.',
    succession:
      'Succession plan: the founder hands over day-to-day management to the operations director over 18 months. ' +
      'The board approved the plan in March.',
  }
  for (const [key, text] of Object.entries(texts)) documents[key] = await uploadText(analyst, `${key}.txt`, text)
})
afterAll(() => api.close())

describe('conversations', () => {
  it('are created, listed with their message count, renamed and deleted by their creator', async () => {
    const created = await create(member)
    expect(created).toMatchObject({ title: 'New Conversation', message_count: 0, document_ids: null })
    const second = await create(member, { title: '  Valuation questions  ' })
    expect(second.title).toBe('Valuation questions')

    const list = await (await api.request('/conversations/', { token: member.access, org: DEMO })).json()
    expect(list.map((conversation: Conversation) => conversation.id).slice(0, 2)).toEqual([second.id, created.id])

    const renamed = await api.request(`/conversations/${created.id}/`, {
      method: 'PATCH',
      token: member.access,
      org: DEMO,
      json: { title: '  Lease terms ' },
    })
    expect(await renamed.json()).toMatchObject({ id: created.id, title: 'Lease terms' })
    const blank = await api.request(`/conversations/${created.id}/`, {
      method: 'PATCH',
      token: member.access,
      org: DEMO,
      json: { title: '   ' },
    })
    expect(blank.status).toBe(400)
    expect(await blank.json()).toEqual({ title: ['This field may not be blank.'] })
    const fetched = await api.request(`/conversations/${created.id}/`, { token: member.access, org: DEMO })
    expect((await fetched.json()).title).toBe('Lease terms')

    const deleted = await api.request(`/conversations/${second.id}/`, {
      method: 'DELETE',
      token: member.access,
      org: DEMO,
    })
    expect(deleted.status).toBe(204)
    expect((await api.request(`/conversations/${second.id}/`, { token: member.access, org: DEMO })).status).toBe(404)
  })

  it('belong to their creator: another user of the organization, or of another one, gets 404', async () => {
    const mine = await create(member)
    await ask(member, mine.id, 'When does the factory lease end?')
    const paths: Array<[string, string, unknown?]> = [
      ['GET', `/conversations/${mine.id}/`],
      ['PATCH', `/conversations/${mine.id}/`, { title: 'Taken over' }],
      ['GET', `/conversations/${mine.id}/messages/`],
      ['POST', `/conversations/${mine.id}/add_message/`, { content: 'Tell me everything' }],
      ['POST', `/conversations/${mine.id}/add_message_streaming/?stream=true`, { content: 'Tell me everything' }],
      ['DELETE', `/conversations/${mine.id}/`],
    ]
    for (const [session, org] of [
      [analyst, DEMO],
      [admin, DEMO],
      [outsider, harbor],
      [admin, harbor],
    ] as const) {
      for (const [method, path, json] of paths) {
        const response = await api.request(path, { method, token: session.access, org, json })
        expect(response.status, `${method} ${path}`).toBe(404)
        expect(await response.json()).toEqual({ detail: 'Conversation not found.' })
      }
      const list = await (await api.request('/conversations/', { token: session.access, org })).json()
      expect(list.map((conversation: Conversation) => conversation.id)).not.toContain(mine.id)
    }
    // Naming an organization one does not belong to is refused before any conversation is looked at.
    const foreign = await api.request(`/conversations/${mine.id}/`, { token: outsider.access, org: DEMO })
    expect([403, 404]).toContain(foreign.status)
    const messages = await (
      await api.request(`/conversations/${mine.id}/messages/`, { token: member.access, org: DEMO })
    ).json()
    expect(messages).toHaveLength(2)
  })

  it('refuse bad input with a clear message and save nothing', async () => {
    const conversation = await create(member)
    const bad: Array<[unknown, Record<string, unknown>]> = [
      [{ content: '   ' }, { content: ['This field may not be blank.'] }],
      [{ content: 42 }, { content: ['A message must be text.'] }],
      [{}, { content: ['This field is required.'] }],
      [{ content: 'x'.repeat(8001) }, { content: ['Ensure this field has no more than 8000 characters.'] }],
      [{ content: 'Hi', extra: true }, { extra: ['Unknown field.'] }],
    ]
    for (const [json, errors] of bad) {
      for (const call of ['add_message', 'add_message_streaming']) {
        const response = await api.request(`/conversations/${conversation.id}/${call}/`, {
          method: 'POST',
          token: member.access,
          org: DEMO,
          json,
        })
        expect(response.status).toBe(400)
        expect(await response.json()).toEqual(errors)
      }
    }
    const malformed = await api.request(`/conversations/${conversation.id}/add_message_streaming/`, {
      method: 'POST',
      token: member.access,
      org: DEMO,
      headers: { 'content-type': 'application/json' },
      body: '{"content": "unfinished',
    })
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toEqual({ detail: 'Malformed JSON in the request body.' })
    for (const id of ['abc', '0', '99999999999', '2147483647']) {
      const response = await stream(member, id as unknown as number, { content: 'Hello' })
      expect(response.status).toBe(404)
    }
    const badCreate = await api.request('/conversations/', {
      method: 'POST',
      token: member.access,
      org: DEMO,
      json: { title: 'Limited', document_ids: [harborDocument] },
    })
    expect(badCreate.status).toBe(400)
    expect(await badCreate.json()).toEqual({ document_ids: [`No document with the id ${harborDocument}.`] })
    const after = await (
      await api.request(`/conversations/${conversation.id}/`, { token: member.access, org: DEMO })
    ).json()
    expect(after.message_count).toBe(0)
  })

  it('are listed a page at a time, most recently active first, after one of the caller’s own', async () => {
    const mine = analyst
    const created: number[] = []
    for (let index = 0; index < 7; index++) created.push((await create(mine, { title: `Page ${index}` })).id)
    const list = async (query: string, session = mine, org = DEMO) => {
      const response = await api.request(`/conversations/${query}`, { token: session.access, org })
      expect(response.status, query).toBe(200)
      return inContract(z.array(ConversationSchema), await response.json()).map((conversation) => conversation.id)
    }
    const all = await list('')
    expect(all.slice(0, 7)).toEqual(created.reverse())
    const first = await list('?limit=3')
    expect(first).toEqual(all.slice(0, 3))
    expect(await list(`?limit=3&before=${first.at(-1)}`)).toEqual(all.slice(3, 6))
    expect(await list(`?before=${all.at(-1)}`)).toEqual([])
    // Another user's conversation starts no page: nothing of theirs is ordered against it.
    const theirs = await create(member)
    expect(await list(`?before=${theirs.id}`)).toEqual([])
    expect(await list(`?before=${all[0]}`, member)).toEqual([])
    for (const [query, errors] of [
      ['?limit=0', { limit: ['Ensure this value is greater than or equal to 1.'] }],
      ['?limit=many', { limit: ['A valid integer is required.'] }],
      ['?before=-1', { before: ['Ensure this value is greater than or equal to 1.'] }],
    ] as const) {
      const response = await api.request(`/conversations/${query}`, { token: mine.access, org: DEMO })
      expect(response.status, query).toBe(400)
      expect(await response.json()).toEqual(errors)
    }
  })

  it('list their messages a page at a time: the latest, or those before or after a message', async () => {
    const conversation = await create(member)
    const contents = Array.from({ length: 25 }, (_, index) => `Turn ${index + 1}`)
    await api.db.execute(sql`
      insert into messages (conversation_id, role, content)
      select ${conversation.id}, case when n % 2 = 1 then 'user' else 'assistant' end, 'Turn ' || n
      from generate_series(1, 25) n order by n`)
    const read = async (query: string) => {
      const response = await api.request(`/conversations/${conversation.id}/messages/${query}`, {
        token: member.access,
        org: DEMO,
      })
      expect(response.status, query).toBe(200)
      return inContract(z.array(MessageSchema), await response.json())
    }
    const all = await read('')
    expect(all.map((message) => message.content)).toEqual(contents)
    const id = (turn: number) => all[turn - 1]!.id
    const turns = async (query: string) => (await read(query)).map((message) => message.content)
    expect(await turns('?limit=10')).toEqual(contents.slice(15))
    expect(await turns(`?before=${id(11)}&limit=5`)).toEqual(contents.slice(5, 10))
    expect(await turns(`?before=${id(3)}&limit=5`)).toEqual(contents.slice(0, 2))
    expect(await turns(`?after=${id(20)}&limit=3`)).toEqual(contents.slice(20, 23))
    expect(await turns(`?after=${id(22)}`)).toEqual(contents.slice(22))
    expect(await turns(`?before=${id(1)}`)).toEqual([])

    const refused: Array<[string, Record<string, string[]>]> = [
      ['?limit=0', { limit: ['Ensure this value is greater than or equal to 1.'] }],
      ['?limit=101', { limit: ['Ensure this value is less than or equal to 100.'] }],
      ['?limit=ten', { limit: ['A valid integer is required.'] }],
      ['?before=1.5', { before: ['A valid integer is required.'] }],
      ['?after=99999999999', { after: ['Ensure this value is less than or equal to 2147483647.'] }],
      [`?before=${id(5)}&after=${id(2)}`, { after: ['Give before or after, not both.'] }],
    ]
    for (const [query, errors] of refused) {
      const response = await api.request(`/conversations/${conversation.id}/messages/${query}`, {
        token: member.access,
        org: DEMO,
      })
      expect(response.status, query).toBe(400)
      expect(await response.json()).toEqual(errors)
    }
    // A page of someone else's conversation is refused as the whole list is.
    for (const [session, org] of [
      [analyst, DEMO],
      [outsider, harbor],
    ] as const) {
      const response = await api.request(`/conversations/${conversation.id}/messages/?limit=5`, {
        token: session.access,
        org,
      })
      expect(response.status).toBe(404)
    }
  })
})

describe('a conversation asked with a page of its messages', () => {
  it('brings the page GET messages/ gives, refuses what that refuses, and is the caller’s alone', async () => {
    const conversation = await create(member)
    await api.db.execute(sql`
      insert into messages (conversation_id, role, content)
      select ${conversation.id}, 'user', 'Turn ' || n from generate_series(1, 8) n order by n`)
    const get = (path: string, session = member, org = DEMO) => api.request(path, { token: session.access, org })
    const plain = inContract(ConversationSchema, await (await get(`/conversations/${conversation.id}/`)).json())
    expect(plain).not.toHaveProperty('messages')
    for (const query of ['?limit=3', `?limit=3&before=${conversation.id}`, '?after=1&limit=2']) {
      const response = await get(`/conversations/${conversation.id}/${query}`)
      expect(response.status, query).toBe(200)
      const { messages, ...rest } = inContract(ConversationPageSchema, await response.json())
      expect(rest).toEqual(plain)
      const page = await get(`/conversations/${conversation.id}/messages/${query}`)
      expect(messages, query).toEqual(await page.json())
    }
    const refused = await get(`/conversations/${conversation.id}/?limit=0`)
    expect([refused.status, await refused.json()]).toEqual([
      400,
      { limit: ['Ensure this value is greater than or equal to 1.'] },
    ])
    for (const [session, org] of [
      [analyst, DEMO],
      [outsider, harbor],
    ] as const)
      expect((await get(`/conversations/${conversation.id}/?limit=5`, session, org)).status).toBe(404)
  })
})

describe('answers', () => {
  it('stream as chunks, then the saved message whose markers each name a saved reference', async () => {
    const conversation = await create(member)
    const events = await ask(member, conversation.id, 'When does the factory lease in Dayton end?')
    const chunks = events.slice(0, -1)
    expect(chunks.length).toBeGreaterThan(0)
    expect(chunks.every((event) => event.type === 'chunk')).toBe(true)
    const message = finalMessage(events)
    expect(chunks.map((event) => (event.type === 'chunk' ? event.content : '')).join('')).toBe(message.content)
    expect(message).toMatchObject({ role: 'assistant', conversation: conversation.id })
    expect(message.content).toContain('2031')
    const references = message.document_references
    expect(references[0]).toMatchObject({
      document_id: documents.lease,
      document_title: 'lease',
      page_number: null,
      sheet_name: null,
      chunk_id: expect.any(Number),
    })
    for (const reference of references) {
      expect(reference.relevance_score).toBeGreaterThan(0)
      expect(reference.relevance_score).toBeLessThanOrEqual(1)
    }
    // Every marker names a reference, and every reference is named by a marker.
    const used = markers(message.content)
    expect(new Set(used)).toEqual(new Set(references.map((_, index) => index + 1)))

    // A marker leads to its passage: the document's text opens at the cited chunk, which it locates.
    const cited = references[0]!
    const text = await (
      await api.request(`/documents/${cited.document_id}/text/?chunk=${cited.chunk_id}`, {
        token: member.access,
        org: DEMO,
      })
    ).json()
    expect(text.passage).toMatchObject({ chunk_id: cited.chunk_id })
    expect(text.page.text.slice(text.passage.start, text.passage.end)).toContain('runs until 2031')
    // Another organization's chunk, or one of another document, is not located.
    const harborChunk = rowsOf(
      await api.db.execute(sql`select id from document_chunks where document_id = ${harborDocument} limit 1`),
    )[0]!.id
    for (const chunk of [harborChunk, 0, 'abc', '99999999999']) {
      const other = await api.request(`/documents/${cited.document_id}/text/?chunk=${chunk}`, {
        token: member.access,
        org: DEMO,
      })
      expect(other.status).toBe(200)
      expect((await other.json()).passage).toBeNull()
    }

    const saved = inContract(
      z.array(MessageSchema),
      await (
        await api.request(`/conversations/${conversation.id}/messages/`, { token: member.access, org: DEMO })
      ).json(),
    )
    expect(saved.map((row: { role: string }) => row.role)).toEqual(['user', 'assistant'])
    expect(saved[1]).toEqual(message)
    const after = await (
      await api.request(`/conversations/${conversation.id}/`, { token: member.access, org: DEMO })
    ).json()
    expect(after).toMatchObject({ message_count: 2, title: 'When does the factory lease in Dayton end?' })
  })

  it('quote the table row that holds the figures, with its column headers', async () => {
    const conversation = await create(member)
    const message = finalMessage(await ask(member, conversation.id, 'What was the total revenue in 2024 versus 2023?'))
    expect(message.content).toContain('| Segment | 2024 | 2023 |')
    expect(message.content).toMatch(/\| Total revenue \[1\] \| \$ 6,160 \| \$ 5,600 \|/)
    expect(message.content).not.toContain('Consulting')
    expect(message.document_references[0]!.document_id).toBe(documents.revenue)
  })

  it('give a figure from a table first, then its derivation with a marker on every operand', async () => {
    const conversation = await create(member)
    const growth = finalMessage(
      await ask(member, conversation.id, 'What is the percentage change in total revenue from 2023 to 2024?'),
    )
    expect(growth.content).toMatch(/^10%\n\n\(6,160 \[1\] − 5,600 \[1\]\) \/ 5,600 \[1\] = 10%\n\nFrom Total revenue /)
    expect(growth.document_references.map((reference: Reference) => reference.document_id)).toEqual([documents.revenue])
    const lookup = finalMessage(await ask(member, conversation.id, 'What was the total revenue in 2024?'))
    expect(lookup.content).toBe('$6,160\n\nTotal revenue, 2024: $ 6,160 [1]')
  })

  it('understand a follow-up question from the turns before it', async () => {
    const conversation = await create(member)
    await ask(member, conversation.id, 'Who takes over day-to-day management in the succession plan?')
    const followUp = finalMessage(await ask(member, conversation.id, 'And when was it approved?'))
    expect(followUp.content).toContain('March')
    expect(followUp.document_references.map((reference: Reference) => reference.document_id)).toContain(
      documents.succession,
    )
  })

  it('say plainly when the documents hold no answer', async () => {
    const conversation = await create(member)
    const message = finalMessage(await ask(member, conversation.id, 'What is the weather on Mars tomorrow?'))
    expect(message.content).toBe(NO_ANSWER)
    expect(message.document_references).toEqual([])
  })

  it('never cite or quote another organization’s document, even for its text copied word for word', async () => {
    const conversation = await create(analyst)
    const message = finalMessage(await ask(analyst, conversation.id, HARBOR_TEXT))
    expect(message.content).not.toContain('Lindqvist')
    expect(message.document_references.map((reference: Reference) => reference.document_id)).not.toContain(
      harborDocument,
    )
    const theirs = await create(outsider, undefined, harbor)
    const answered = finalMessage(
      await ask(outsider, theirs.id, 'What earn-out will the Lindqvist family accept?', harbor),
    )
    expect(answered.document_references.map((reference: Reference) => reference.document_id)).toEqual([harborDocument])
  })

  it('cite only the chosen documents of a conversation limited to them', async () => {
    const conversation = await create(member, { title: 'About the lease', document_ids: [documents.lease] })
    expect(conversation.document_ids).toEqual([documents.lease])
    const message = finalMessage(await ask(member, conversation.id, 'What was the total revenue in 2024?'))
    expect(message.content).toBe(NO_ANSWER)
    const lease = finalMessage(await ask(member, conversation.id, 'What renewal options does the lease have?'))
    expect(lease.document_references.map((reference: Reference) => reference.document_id)).toEqual([documents.lease])
  })

  it('come whole from add_message, for clients that do not stream', async () => {
    const conversation = await create(member)
    const response = await api.request(`/conversations/${conversation.id}/add_message/`, {
      method: 'POST',
      token: member.access,
      org: DEMO,
      json: { content: 'When does the factory lease end?' },
    })
    expect(response.status).toBe(201)
    const message = await response.json()
    expect(message).toMatchObject({ role: 'assistant', conversation: conversation.id })
    expect(message.content).toContain('2031')
    expect(message.content).toMatch(/\[1\]$/)
    const count = rowsOf(
      await api.db.execute(sql`select message_count from conversations where id = ${conversation.id}`),
    )[0]!
    expect(count.message_count).toBe(2)
  })
})
