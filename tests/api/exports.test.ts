import { readFileSync } from 'node:fs'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { extractText } from '../../api/ingest/extract-text'
import { ANALYSIS_FIXTURES } from '../unit/support/analysis-fixtures'
import { demoAndHarbor, type Harness, type Session, startApi, type TwoOrganizations } from './support/harness'
import { processed, upload } from './support/uploads'

const DEMO = 'demo-advisory-group'
const LIMITS = { maxChars: 3_000_000, maxUnpackedBytes: 64 * 2 ** 20 }
let api: Harness
let people: TwoOrganizations
let documentId: number

/** The text of an exported file as the app's own readers find it: pdf.js for PDF, the Word reader for .docx. */
async function textOf(response: Response, type: 'pdf' | 'docx') {
  const { pages } = await extractText(type, new Uint8Array(await response.arrayBuffer()), LIMITS)
  return pages.map((page) => page.text).join('\n')
}

const get = (session: Session, url: string, org = DEMO) => api.request(url, { token: session.access, org })

beforeAll(async () => {
  api = await startApi()
  people = await demoAndHarbor(api)
  const bytes = readFileSync(path.join(ANALYSIS_FIXTURES, 'succession-memo.txt'), 'utf8')
  const created = await upload(
    api,
    people.analyst,
    { name: 'succession-memo.txt', bytes },
    { title: 'Succession memo' },
    DEMO,
  )
  documentId = ((await created.json()) as { id: number }).id
  expect(await processed(api, people.analyst, documentId)).toMatchObject({ processing_status: 'processed' })
}, 120_000)
afterAll(() => api.close())

describe('analysis exports', () => {
  it.each(['pdf', 'docx'] as const)(
    'gives the findings as a %s file with the organization, page numbers and sources',
    async (format) => {
      const response = await get(
        people.analyst,
        `/analysis/export/?document_id=${documentId}&type=key-findings&format=${format}`,
      )
      expect(response.status).toBe(200)
      expect(response.headers.get('content-disposition')).toContain(`Succession memo - Key Findings.${format}`)
      const text = await textOf(response, format)
      for (const expected of ['Demo Advisory Group', 'Key Findings', 'Succession memo', 'Sources', '[1]'])
        expect(text).toContain(expected)
      // The same findings the analysis gives, each with its mark.
      const analysis = await (
        await api.request('/analysis/', {
          method: 'POST',
          token: people.analyst.access,
          org: DEMO,
          json: { document_id: documentId, type: 'key-findings' },
        })
      ).json()
      for (const finding of analysis.findings as Array<{ text: string }>)
        expect(text.replace(/\s+/g, ' ')).toContain(finding.text.replace(/\s+/g, ' ').slice(0, 40))
      if (format === 'pdf') expect(text).toMatch(/Page 1 of \d/)
    },
  )

  it('keeps Markdown as the default, and refuses an unknown format with a message', async () => {
    const markdown = await get(people.analyst, `/analysis/export/?document_id=${documentId}&type=summary`)
    expect(markdown.headers.get('content-type')).toContain('text/markdown')
    const refused = await get(people.analyst, `/analysis/export/?document_id=${documentId}&type=summary&format=exe`)
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ format: ['Choose a format: md, pdf or docx.'] })
  })

  it('is for those who may analyse, in their own organization', async () => {
    const url = `/analysis/export/?document_id=${documentId}&type=summary&format=pdf`
    expect((await get(people.member, url)).status).toBe(403)
    expect((await get(people.outsider, url, people.harbor)).status).toBe(404)
    expect((await get(people.outsider, url)).status).toBe(404)
  })
})

describe('conversation exports', () => {
  let conversationId: number

  beforeAll(async () => {
    const created = await api.request('/conversations/', {
      method: 'POST',
      token: people.member.access,
      org: DEMO,
      json: { title: 'Succession questions' },
    })
    conversationId = ((await created.json()) as { id: number }).id
    const answered = await api.request(`/conversations/${conversationId}/add_message/`, {
      method: 'POST',
      token: people.member.access,
      org: DEMO,
      json: { content: 'Who is named as the successor?' },
    })
    expect(answered.status).toBe(201)
  })

  it.each(['pdf', 'docx'] as const)(
    'gives the questions, answers and numbered sources as a %s file',
    async (format) => {
      const messages = (await (
        await get(people.member, `/conversations/${conversationId}/messages/`)
      ).json()) as Array<{ role: string; content: string; document_references: Array<{ document_title: string }> }>
      const response = await get(people.member, `/conversations/${conversationId}/export/?format=${format}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-disposition')).toContain(`Succession questions - Conversation.${format}`)
      const text = (await textOf(response, format)).replace(/\s+/g, ' ')
      expect(text).toContain('Who is named as the successor?')
      const answer = messages.find((message) => message.role === 'assistant')!
      expect(text).toContain(
        answer.content
          .replace(/\[\d+\]|[*_#|>]/g, '')
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 30),
      )
      if (answer.document_references.length) {
        expect(text).toContain('Sources')
        expect(text).toContain(answer.document_references[0]!.document_title)
      }
    },
  )

  it("shows no one else's conversation, and refuses a bad format with a message", async () => {
    expect((await get(people.analyst, `/conversations/${conversationId}/export/?format=pdf`)).status).toBe(404)
    expect(
      (await get(people.outsider, `/conversations/${conversationId}/export/?format=pdf`, people.harbor)).status,
    ).toBe(404)
    const refused = await get(people.member, `/conversations/${conversationId}/export/?format=rtf`)
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ format: ['Choose a format: pdf or docx.'] })
    expect((await get(people.member, '/conversations/99999999/export/?format=pdf')).status).toBe(404)
  })
})

describe('meeting exports', () => {
  const TRANSCRIPT = [
    '[00:00:05] Priya Shah: Thanks for joining. We agreed to send the buyer list by Friday.',
    '[00:01:10] Tom Becker: I will send the last three years of tax returns to Priya by December 15.',
    "[00:02:30] Priya Shah: Let's go with a three-year renewal for the Hartwell contract.",
  ].join('\n')
  let meetingId: string

  beforeAll(async () => {
    const scheduled = await api.request('/meetings/', {
      method: 'POST',
      token: people.analyst.access,
      org: DEMO,
      json: {
        title: 'Renewal call',
        date: '2026-11-16T15:00:00Z',
        duration: 30,
        participants: [
          { name: 'Priya Shah', role: 'advisor' },
          { name: 'Tom Becker', role: 'client' },
        ],
      },
    })
    meetingId = ((await scheduled.json()) as { id: string }).id
  })

  it('has nothing to export before its transcript is processed', async () => {
    expect((await get(people.member, `/meetings/${meetingId}/export/?format=pdf`)).status).toBe(404)
  })

  it.each(['pdf', 'docx'] as const)(
    'gives the summary, decisions, tasks and participants as a %s file',
    async (format) => {
      const body = new FormData()
      body.append('file', new File([TRANSCRIPT], 'renewal.txt'))
      const uploaded = await api.request(`/meetings/${meetingId}/transcript/`, {
        method: 'POST',
        token: people.analyst.access,
        org: DEMO,
        body,
      })
      expect(uploaded.status).toBe(201)
      const response = await get(people.member, `/meetings/${meetingId}/export/?format=${format}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-disposition')).toContain(`Renewal call - Meeting notes.${format}`)
      const text = (await textOf(response, format)).replace(/\s+/g, ' ')
      for (const expected of [
        'Demo Advisory Group',
        'Summary',
        'Decisions',
        "Let's go with a three-year renewal for the Hartwell contract",
        'Action items',
        'Participants',
        'Tom Becker',
      ])
        expect(text).toContain(expected)
      // A task's due date in the style of every date in the app, on its own day in any zone (issue 47, item 16).
      const west = await get(
        people.member,
        `/meetings/${meetingId}/export/?format=${format}&time_zone=America/Los_Angeles`,
      )
      const dated = (await textOf(west, format)).replace(/\s+/g, ' ')
      expect(dated).toMatch(/Tom Becker\W+Dec 15, 2026/)
      expect(dated).not.toMatch(/\d{4}-\d{2}-\d{2}/)
    },
  )

  it("writes the date on the reader's calendar when asked, and refuses an unknown zone", async () => {
    // 15:00 UTC on November 16 is already the 17th in Auckland.
    const inUtc = await textOf(await get(people.member, `/meetings/${meetingId}/export/?format=pdf`), 'pdf')
    expect(inUtc).toContain('Nov 16, 2026')
    const auckland = await get(people.member, `/meetings/${meetingId}/export/?format=docx&time_zone=Pacific/Auckland`)
    expect(auckland.status).toBe(200)
    expect(await textOf(auckland, 'docx')).toContain('Nov 17, 2026')
    const refused = await get(people.member, `/meetings/${meetingId}/export/?format=pdf&time_zone=Mars/Base`)
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ time_zone: ['"Mars/Base" is not a known time zone.'] })
  })

  it("shows another organization's meeting to no one, and refuses a bad format with a message", async () => {
    expect((await get(people.outsider, `/meetings/${meetingId}/export/?format=pdf`, people.harbor)).status).toBe(404)
    const refused = await get(people.member, `/meetings/${meetingId}/export/?format=html`)
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ format: ['Choose a format: pdf or docx.'] })
  })
})
