import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { clock } from '../../shared/meetings'
import { demoAndHarbor, type Harness, type Session, startApi } from './support/harness'

const DEMO = 'demo-advisory-group'

interface Meeting {
  id: string
  title: string
  date: string
  status: string
  participants: Array<{ name: string; roleGroup: string }>
}
interface Transcript {
  segments: Array<{ id: number; startTime: number; speaker: string; text: string }>
  summary: string
  summaryPoints: Array<{ text: string; turn: number | null }>
  actionItems: Array<{ text: string; assignee: string | null; dueDate: string | null }>
  decisions: Array<{ text: string; speaker: string; time: number | null }>
}
interface Conversation {
  id: number
  title: string
  status: string
  meeting_id: string | null
  message_count: number
}
interface Reference {
  document_id: number | null
  document_title: string
  relevance_score: number
  chunk_id: number | null
  message_id?: number
}
interface Message {
  role: string
  speaker: string | null
  content: string
  created_at: string
}

let api: Harness
let admin: Session
let member: Session
let outsider: Session
let harbor: string

beforeAll(async () => {
  api = await startApi()
  ;({ admin, member, outsider, harbor } = await demoAndHarbor(api))
})
afterAll(() => api.close())

async function json<T>(session: Session, path: string, org = DEMO, init: { method?: string; json?: unknown } = {}) {
  const response = await api.request(path, { token: session.access, org, ...init })
  return { status: response.status, body: (await response.json()) as T }
}

async function meetingWith(status: string) {
  const { body } = await json<{ results: Meeting[] }>(member, `/meetings/?status=${status}`)
  expect(body.results.length, `a seeded ${status} meeting`).toBeGreaterThan(0)
  return body.results[0]!
}

const convert = (session: Session, id: string, org = DEMO) =>
  json<Conversation & { detail?: string }>(session, `/meetings/${id}/convert/`, org, { method: 'POST' })

const conversationCount = async (session: Session, org = DEMO) =>
  (await json<Conversation[]>(session, '/conversations/', org)).body.length

describe('Convert to Conversation', () => {
  it('makes a completed conversation of the caller with one message per turn, then the summary and action items', async () => {
    const meeting = await meetingWith('processed')
    const { body: transcript } = await json<Transcript>(member, `/meetings/${meeting.id}/transcript/`)

    const { status, body: conversation } = await convert(member, meeting.id)
    expect(status).toBe(201)
    expect(conversation).toMatchObject({
      title: meeting.title,
      status: 'completed',
      meeting_id: meeting.id,
      message_count: transcript.segments.length + 1,
    })

    const { body: messages } = await json<Message[]>(member, `/conversations/${conversation.id}/messages/`)
    expect(messages).toHaveLength(transcript.segments.length + 1)
    const groupOf = new Map(meeting.participants.map((participant) => [participant.name, participant.roleGroup]))
    transcript.segments.forEach((segment, index) => {
      const group = groupOf.get(segment.speaker)
      expect(messages[index]).toMatchObject({
        role: group === 'client' || group === 'advisor' ? group : 'participant',
        speaker: segment.speaker,
        content: segment.text,
        created_at: new Date(Date.parse(meeting.date) + segment.startTime * 1000).toISOString(),
      })
    })
    // The seeded meetings have a client and an advisor speaking.
    expect(messages.some((message) => message.role === 'client')).toBe(true)
    expect(messages.some((message) => message.role === 'advisor')).toBe(true)

    const closing = messages.at(-1)!
    expect(closing.role).toBe('assistant')
    expect(closing.speaker).toBeNull()
    // The summary's points as a list (its lines run together would read as one paragraph), each
    // with the speaker and time of the turn it comes from.
    const turns = new Map(transcript.segments.map((segment) => [segment.id, segment]))
    const points = transcript.summaryPoints.map((point) => {
      const turn = turns.get(point.turn!)!
      return `- ${point.text} (${turn.speaker}, ${clock(turn.startTime)})`
    })
    expect(points.length).toBeGreaterThan(1)
    expect(closing.content).toContain(`**Summary**\n\n${points.join('\n')}\n\n`)
    expect(transcript.decisions.length).toBeGreaterThan(0)
    expect(closing.content).toContain('**Decisions**\n\n')
    for (const decision of transcript.decisions) {
      expect(closing.content).toContain(`- ${decision.text} (${decision.speaker}, at `)
    }
    expect(transcript.actionItems.length).toBeGreaterThan(0)
    for (const item of transcript.actionItems) {
      expect(closing.content).toContain(`- ${item.text} (${item.assignee ?? 'Unassigned'}`)
    }
    expect(closing.content.indexOf('**Decisions**')).toBeLessThan(closing.content.indexOf('**Action items**'))
  })

  it('keeps the conversation its converter’s own, like any chat', async () => {
    const meeting = await meetingWith('processed')
    const { body: conversation } = await convert(member, meeting.id)
    const mine = await json<Conversation[]>(member, '/conversations/')
    expect(mine.body.map((item) => item.id)).toContain(conversation.id)
    const theirs = await json<{ detail: string }>(admin, `/conversations/${conversation.id}/`)
    expect(theirs.status).toBe(404)
  })

  it('answers questions in a converted conversation, the turns not taken for chat history', async () => {
    const meeting = await meetingWith('processed')
    const { body: conversation } = await convert(member, meeting.id)
    const asked = await json<Message>(member, `/conversations/${conversation.id}/add_message/`, DEMO, {
      method: 'POST',
      json: { content: 'What did the valuation say about EBITDA?' },
    })
    expect(asked.status).toBe(201)
    expect(asked.body.role).toBe('assistant')
    const { body: after } = await json<Conversation>(member, `/conversations/${conversation.id}/`)
    expect(after.message_count).toBe(conversation.message_count + 2)
    expect(after.status).toBe('completed')
  })

  it('answers from the meeting’s turns as well as the documents, citing the turn said', async () => {
    const meeting = (await json<{ results: Meeting[] }>(member, '/meetings/?status=processed')).body.results.find(
      (candidate) => candidate.title === 'Valuation review and value gap',
    )!
    const { body: conversation } = await convert(member, meeting.id)
    const { body: turns } = await json<Array<Message & { id: number }>>(
      member,
      `/conversations/${conversation.id}/messages/`,
    )
    const question = { content: 'How much more would a share sale leave than an asset sale?' }
    const { status, body: answer } = await json<Message & { document_references: Reference[] }>(
      member,
      `/conversations/${conversation.id}/add_message/`,
      DEMO,
      { method: 'POST', json: question },
    )
    expect(status).toBe(201)
    const cited = answer.document_references.filter((reference) => reference.document_id === null)
    expect(cited.length).toBeGreaterThan(0)
    const turn = turns.find((message) => message.id === cited[0]!.message_id)!
    expect(turn.role).not.toBe('assistant')
    expect(turn.content).toContain('share sale')
    expect(cited[0]).toMatchObject({
      document_title: `Meeting transcript: ${meeting.title}`,
      chunk_id: null,
      relevance_score: expect.any(Number),
    })
    expect(answer.content).toContain('1.4 million')

    // A chat that is not a meeting's never cites one.
    const chat = await json<Conversation>(member, '/conversations/', DEMO, { method: 'POST', json: {} })
    const plain = await json<Message & { document_references: Reference[] }>(
      member,
      `/conversations/${chat.body.id}/add_message/`,
      DEMO,
      { method: 'POST', json: question },
    )
    expect(plain.body.document_references.every((reference) => reference.document_id !== null)).toBe(true)
  })

  it('refuses a meeting that is not processed, and creates nothing', async () => {
    const meeting = await meetingWith('scheduled')
    const before = await conversationCount(member)
    const { status, body } = await convert(member, meeting.id)
    expect(status).toBe(404)
    expect(body).toEqual({ detail: 'Transcript not found or still processing' })
    expect(await conversationCount(member)).toBe(before)
  })

  it('answers 404 for another organization’s meeting and for ids that name no meeting', async () => {
    const meeting = await meetingWith('processed')
    const before = await conversationCount(outsider, harbor)
    for (const id of [meeting.id, 'meet-999999', 'meet-1', 'nope', '1']) {
      const { status, body } = await convert(outsider, id, harbor)
      expect(status, id).toBe(404)
      expect(body).toEqual({ detail: 'Meeting not found' })
    }
    expect(await conversationCount(outsider, harbor)).toBe(before)
    // Naming the demo organization does not help someone outside it: it answers as if there were none.
    expect((await convert(outsider, meeting.id, DEMO)).status).toBe(404)
    expect(await conversationCount(outsider, harbor)).toBe(before)
  })

  it('needs a signed-in caller', async () => {
    const meeting = await meetingWith('processed')
    const response = await api.request(`/meetings/${meeting.id}/convert/`, { method: 'POST', org: DEMO })
    expect(response.status).toBe(401)
  })
})
