import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DocumentTextSchema } from '../../api/documents/contract'
import { FINANCIALS, financialsWorkbook } from '../support/financials-workbook'
import { inContract } from './support/contract'
import { eventLines } from './support/event-lines'
import { demoAndHarbor, type Harness, type Session, startApi } from './support/harness'
import { processed, upload } from './support/uploads'

const DEMO = 'demo-advisory-group'
const GROWTH = 'How much did revenue grow from 2024 to 2025 in percent?'

interface Message {
  id: number
  content: string
  document_references: Array<{
    document_id: number
    chunk_id: number
    sheet_name: string | null
    rows?: Array<{ table: number; row: number }>
  }>
  derivation: {
    figure: string
    parts: Array<string | { operand: number; text: string }>
    operands: Array<Record<string, unknown> & { chunk_id: number; table: number; row: number; column: number }>
  } | null
}

let api: Harness
let analyst: Session
let member: Session
let outsider: Session
let harbor: string
let workbook: number

async function conversation(session: Session, org = DEMO) {
  const response = await api.request('/conversations/', { method: 'POST', token: session.access, org, json: {} })
  return ((await response.json()) as { id: number }).id
}

async function ask(session: Session, id: number, content: string, org = DEMO): Promise<Message> {
  const response = await api.request(`/conversations/${id}/add_message_streaming/?stream=true`, {
    method: 'POST',
    token: session.access,
    org,
    json: { content },
  })
  const events = await eventLines(response).rest()
  const last = events.at(-1)
  if (last?.type !== 'metadata') throw new Error(`the stream ended with ${JSON.stringify(last)}`)
  return last.message as unknown as Message
}

const text = (session: Session, document: number, query: string, org = DEMO) =>
  api.request(`/documents/${document}/text/?${query}`, { token: session.access, org })

beforeAll(async () => {
  api = await startApi()
  ;({ analyst, member, outsider, harbor } = await demoAndHarbor(api))
  const created = await (
    await upload(api, analyst, { name: 'Financials.xlsx', bytes: financialsWorkbook() }, { title: 'Financials' })
  ).json()
  expect((await processed(api, analyst, created.id)).processing_status).toBe('processed')
  workbook = created.id
})
afterAll(() => api.close())

describe('an answer computed from a table', () => {
  it('is saved with its working: the figure, and every operand citing its document, chunk, table, row and column', async () => {
    const id = await conversation(member)
    const message = await ask(member, id, GROWTH)
    expect(message.content).toMatch(/^24\.41%\n\n\(1,496\.5 \[1\] − 1,202\.9 \[1\]\) \/ 1,202\.9 \[1\] = 24\.41%/)
    const [reference] = message.document_references
    expect(reference).toMatchObject({ document_id: workbook, sheet_name: FINANCIALS.sheet })
    const cell = { reference: 1, document_id: workbook, chunk_id: reference!.chunk_id, table: 0, page_number: null }
    // The facts read at ingestion answer it (api/facts/answers), cited as a table's computed answer is.
    expect(message.derivation).toEqual({
      figure: '24.41%',
      strategy: 'change',
      parts: [
        '(',
        { operand: 0, text: FINANCIALS.revenue2025 },
        ' − ',
        { operand: 1, text: FINANCIALS.revenue2024 },
        ') / ',
        { operand: 1, text: FINANCIALS.revenue2024 },
        ' = 24.41%',
      ],
      operands: [
        {
          ...cell,
          row: 1,
          column: 2,
          row_label: 'Revenue',
          column_label: '2025',
          text: FINANCIALS.revenue2025,
          sheet_name: 'FY',
        },
        {
          ...cell,
          row: 1,
          column: 1,
          row_label: 'Revenue',
          column_label: '2024',
          text: FINANCIALS.revenue2024,
          sheet_name: 'FY',
        },
      ],
    })

    // The conversation's messages give it back as saved; a question answered in words has none.
    const listed = (await (
      await api.request(`/conversations/${id}/messages/`, { token: member.access, org: DEMO })
    ).json()) as Message[]
    expect(listed.at(-1)!.derivation).toEqual(message.derivation)
    expect(listed.at(-2)).toMatchObject({ role: 'user', derivation: null })
  })

  it('names a cell that the document view finds again in its chunk’s table', async () => {
    const message = await ask(member, await conversation(member), GROWTH)
    const [later] = message.derivation!.operands
    const response = await text(
      member,
      workbook,
      `chunk=${later!.chunk_id}&cell=${later!.table}.${later!.row}.${later!.column}`,
    )
    expect(response.status).toBe(200)
    const body = inContract(DocumentTextSchema, await response.json())
    expect(body.page).toMatchObject({ kind: 'sheet', label: FINANCIALS.sheet })
    expect(body.cell).toMatchObject({ chunk_id: later!.chunk_id, table: 0, row: 1, column: 2, header_rows: 1 })
    expect(body.cell!.rows[0]).toEqual(['', '2024', '2025'])
    expect(body.cell!.rows[later!.row]![later!.column]).toBe(FINANCIALS.revenue2025)
    expect(body.cell!.caption).toContain('in thousands')

    // A cell past the table, a malformed one, or one without its chunk: the page alone, no table.
    for (const query of [
      `chunk=${later!.chunk_id}&cell=0.9.2`,
      `chunk=${later!.chunk_id}&cell=3.1.1`,
      `chunk=${later!.chunk_id}&cell=0.1`,
      `chunk=${later!.chunk_id}&cell=-1.1.1`,
      'cell=0.1.2',
    ])
      expect((await (await text(member, workbook, query)).json()).cell, query).toBeNull()
  })

  it('opens only inside its organization: another organization’s document answers 404 with nothing of it', async () => {
    const message = await ask(member, await conversation(member), GROWTH)
    const [later] = message.derivation!.operands
    const query = `chunk=${later!.chunk_id}&cell=0.1.2`
    const foreign = await text(outsider, workbook, query, harbor)
    expect(foreign.status).toBe(404)
    expect(await foreign.text()).not.toContain(FINANCIALS.revenue2025)
    // Nor does naming the chunk from a document of one's own bring its table.
    const own = await (await upload(api, outsider, { name: 'harbor.txt', bytes: 'Harbor notes.' }, {}, harbor)).json()
    await processed(api, outsider, own.id)
    const mixed = await (await text(outsider, own.id, query, harbor)).json()
    expect(mixed.cell).toBeNull()
    expect(JSON.stringify(mixed)).not.toContain(FINANCIALS.revenue2025)
  })

  it('reads a saved working of another shape as none, and the message still loads', async () => {
    const id = await conversation(member)
    const message = await ask(member, id, GROWTH)
    await api.db.execute(sql`update messages set derivation = '{"figure": 3}'::jsonb where id = ${message.id}`)
    const listed = await api.request(`/conversations/${id}/messages/`, { token: member.access, org: DEMO })
    expect(listed.status).toBe(200)
    expect(((await listed.json()) as Message[]).at(-1)).toMatchObject({ id: message.id, derivation: null })
  })
})

describe('a citation into a CSV', () => {
  const CUSTOMERS = [
    'Customer,Region,Revenue 2025,Share of revenue percent',
    'Acme Foods,West,412000,18.2',
    'Blue Harbor Logistics,East,388500,17.1',
    'Cedar Grove Farms,North,201300,8.9',
    'Delta Marine,South,176250,7.8',
  ].join('\n')

  it('carries the row the answer read its figure from, and the document view marks that row alone', async () => {
    const created = await (
      await upload(api, outsider, { name: 'customers.csv', bytes: CUSTOMERS }, { title: 'Customer list' }, harbor)
    ).json()
    await processed(api, outsider, created.id)
    const message = await ask(
      outsider,
      await conversation(outsider, harbor),
      'What revenue did Delta Marine bring in 2025?',
      harbor,
    )
    const [reference] = message.document_references
    expect(reference).toMatchObject({ document_id: created.id, rows: [{ table: 0, row: 4 }] })

    // Opened at the rows of the citation, or at the cell of the figure: that row is marked, alone.
    for (const query of [`rows=0.4`, `cell=0.4.2`]) {
      const marked = inContract(
        DocumentTextSchema,
        await (await text(outsider, created.id, `chunk=${reference!.chunk_id}&${query}`, harbor)).json(),
      )
      expect(
        marked.passage!.rows.map((row) => marked.page!.text.slice(row.start, row.end)),
        query,
      ).toEqual(['Delta Marine | South | 176250 | 7.8'])
    }
    // Without rows, or with rows the chunk does not hold, the whole passage is the citation's.
    for (const query of [`chunk=${reference!.chunk_id}`, `chunk=${reference!.chunk_id}&rows=0.40,2.1,x`]) {
      const whole = await (await text(outsider, created.id, query, harbor)).json()
      expect(whole.passage, query).toMatchObject({ start: 0, end: whole.page.text.length, rows: [] })
    }
  })
})
