import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { askInNewConversation } from './support/event-lines'
import { demoAndHarbor, type Harness, type Session, startApi } from './support/harness'
import { processed, upload } from './support/uploads'

const DEMO = 'demo-advisory-group'
const QUESTION = 'What was the current portion of the term loan at the end of fiscal 2024?'
// A text file's table, its columns aligned by spaces: its rows are read as facts, not as cells to draw.
const POSITION = [
  'Statement of financial position',
  '',
  '                                   FY2023       FY2024       FY2025',
  'Cash                              310,000      355,000      402,000',
  'Current portion of term loan       90,000       87,500       85,000',
  'Total liabilities               1,210,000    1,180,000    1,150,000',
].join('\n')
// A sentence wrapped over two lines, as a PDF's or a letter's text holds it: one sentence to the fact reader.
const LETTER = [
  'Based on our review, we place the fair market value of the Company',
  'between $4.5 million and $5.8 million as of April 3, 2026.',
].join('\n')
const STATEMENT = [
  'Line item,FY2023,FY2024,FY2025',
  'Revenue,"8,240,000","8,967,000","9,410,000"',
  'Net income,"610,000","702,000","745,000"',
].join('\n')

interface Message {
  content: string
  document_references: Array<{ document_id: number; chunk_id: number }>
  derivation: { figure: string; strategy?: string; operands: Array<Record<string, unknown>> } | null
}

let api: Harness
let analyst: Session
let outsider: Session
let harbor: string
let statement: number

const ask = (session: Session, org: string, content: string) =>
  askInNewConversation<Message>(api, session.access, org, content)

beforeAll(async () => {
  api = await startApi()
  ;({ analyst, outsider, harbor } = await demoAndHarbor(api))
  for (const [name, bytes] of [
    ['position.txt', POSITION],
    ['statement.csv', STATEMENT],
    ['letter.txt', LETTER],
  ] as const) {
    const created = (await (await upload(api, analyst, { name, bytes })).json()) as { id: number }
    await processed(api, analyst, created.id)
    if (name === 'statement.csv') statement = created.id
  }
})
afterAll(() => api.close())

describe('answers from the facts read at ingestion', () => {
  it('cites a figure of a sentence the document wraps over lines', async () => {
    const message = await ask(analyst, DEMO, 'What are the low and high ends of the valuation range?')
    expect(message.content).toMatch(/^\$4\.5 million to \$5\.8 million\n/)
    expect(message.content).toContain('between $4.5 million and $5.8 million')
  })

  it('looks up a figure and cites its cell, naming the strategy in the saved working', async () => {
    const message = await ask(analyst, DEMO, 'What was net income in FY2024?')
    expect(message.content).toMatch(/^702,000\n\nNet income, FY2024: 702,000 \[1\]/)
    expect(message.document_references[0]).toMatchObject({ document_id: statement })
    expect(message.derivation).toMatchObject({
      figure: '702,000',
      strategy: 'lookup',
      operands: [{ document_id: statement, row_label: 'Net income', column_label: 'FY2024', text: '702,000' }],
    })
  })

  it('reads a row of aligned text too, citing its passage', async () => {
    const message = await ask(analyst, DEMO, QUESTION)
    expect(message.content).toMatch(/^87,500\n\n/)
    expect(message.content).toContain('[1]')
    // No cell to link: the working names the strategy alone.
    expect(message.derivation).toEqual({ figure: '87,500', parts: [], operands: [], strategy: 'lookup' })
  })

  it('computes from several facts, each operand cited by its cell', async () => {
    const message = await ask(analyst, DEMO, 'What was the net margin in FY2025?')
    expect(message.content).toMatch(/^7\.92%\n\n745,000 \[1\] \/ 9,410,000 \[1\] = 7\.92%/)
    expect(message.derivation).toMatchObject({
      figure: '7.92%',
      strategy: 'two-measures',
      operands: [
        { document_id: statement, row_label: 'Net income', column_label: 'FY2025' },
        { document_id: statement, row_label: 'Revenue', column_label: 'FY2025' },
      ],
    })
  })

  it('says the documents lack a year their facts do not hold, naming the years they give', async () => {
    const message = await ask(analyst, DEMO, 'What was net income in FY2019?')
    expect(message.content).toMatch(/^The documents give net income for FY2023–FY2025, not FY2019 \[1\]\./)
    expect(message.document_references[0]).toMatchObject({ document_id: statement })
    expect(message.derivation).toBeNull()
  })

  it("never answers from another organization's facts", async () => {
    const message = await ask(outsider, harbor, 'What was net income in FY2024?')
    expect(message.content).not.toContain('702,000')
  })
})

describe('a question that names the business', () => {
  it("is answered from a statement that never names it when a profile gives the business's name, and not for another name", async () => {
    for (const [name, bytes] of [
      ['profile.txt', 'Quarry Stone Supply is a stone and paver supplier based in Bend, Oregon.'],
      ['sales.csv', STATEMENT],
    ] as const) {
      const created = (await (await upload(api, outsider, { name, bytes }, {}, harbor)).json()) as { id: number }
      await processed(api, outsider, created.id)
    }
    const named = await ask(outsider, harbor, 'How much revenue did Quarry Stone Supply bring in in FY2024?')
    expect(named.content).toMatch(/^8,967,000\n/)
    expect(named.derivation).toMatchObject({ strategy: 'lookup' })
    // A name the documents give no business: its figure is not the business's.
    const other = await ask(outsider, harbor, 'How much revenue did Ridgeline Builders bring in in FY2024?')
    expect(other.content).not.toMatch(/^8,967,000/)
    expect(other.derivation?.strategy).toBeUndefined()
  })
})
