import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { askInNewConversation } from './support/event-lines'
import { demoAndHarbor, type Harness, type Session, startApi } from './support/harness'
import { processed, upload } from './support/uploads'

const DEMO = 'demo-advisory-group'
// A CSV as accounting exports write one: amounts bare, years as rows, a code with leading zeros.
const FINANCIALS = [
  'fiscal_year,revenue_usd,account_code,net_income_usd',
  '2023,21800000,00123,-452000',
  '2024,24100000,00124,1200000',
].join('\n')

interface Message {
  content: string
  derivation: {
    figure: string
    parts: Array<string | { operand: number; text: string }>
    operands: Array<{ chunk_id: number; table: number; row: number; column: number; text: string }>
  } | null
}

let api: Harness
let analyst: Session
let document: number

const ask = (content: string) => askInNewConversation<Message>(api, analyst.access, DEMO, content)

beforeAll(async () => {
  api = await startApi()
  ;({ analyst } = await demoAndHarbor(api))
  const response = await upload(
    api,
    analyst,
    { name: 'financials.csv', bytes: FINANCIALS, type: 'text/csv' },
    { title: 'Bakery financials' },
  )
  document = ((await response.json()) as { id: number }).id
  expect((await processed(api, analyst, document)).processing_status).toBe('processed')
})
afterAll(() => api.close())

describe('an answer over a CSV of bare amounts', () => {
  it('states the amount grouped with its currency, and its citation still names the cell as written', async () => {
    const message = await ask('What was revenue in 2023?')
    expect(message.content).toBe('$21,800,000\n\nrevenue_usd, 2023: $21,800,000 [1]')
    expect(message.content).not.toContain('21800000')
    expect(message.derivation).toMatchObject({
      figure: '$21,800,000',
      parts: [{ operand: 0, text: '$21,800,000' }],
      operands: [{ table: 0, row: 1, column: 1, text: '21800000' }],
    })
    // The document view finds the cited cell, exactly as the file holds it.
    const [operand] = message.derivation!.operands
    const cell = `${operand!.table}.${operand!.row}.${operand!.column}`
    const response = await api.request(`/documents/${document}/text/?chunk=${operand!.chunk_id}&cell=${cell}`, {
      token: analyst.access,
      org: DEMO,
    })
    const body = (await response.json()) as { cell: { rows: string[][] } }
    expect(body.cell.rows[operand!.row]![operand!.column]).toBe('21800000')
  })

  it('gives a code with its leading zeros and a negative amount with its sign', async () => {
    expect((await ask('What was the account code in 2023?')).derivation?.figure).toBe('00123')
    expect((await ask('What was net income in 2023?')).content).toMatch(/^-\$452,000\n/)
  })

  it('states the rows’ amounts grouped in the analysis, quoting each row as the file writes it', async () => {
    const response = await api.request('/analysis/', {
      method: 'POST',
      token: analyst.access,
      org: DEMO,
      json: { document_id: document, type: 'key-findings' },
    })
    const { findings } = (await response.json()) as { findings: Array<{ text: string; source: { quote: string } }> }
    expect(findings.map((finding) => finding.text)).toContain(
      'Fiscal year 2023 — Revenue (USD): 21,800,000; Account code: 00123; Net income (USD): -452,000',
    )
    expect(findings.map((finding) => finding.source.quote)).toContain('2023 | 21800000 | 00123 | -452000')
  })
})
