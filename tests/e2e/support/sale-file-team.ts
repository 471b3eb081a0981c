import { readFileSync } from 'node:fs'
import path from 'node:path'

import { SALE_FILE, SALE_FILES } from '../../fixtures/sale-file'
import { api, apiSignIn, createTeam, invitationLink, type Role, type TeamUser, uploadTranscript } from './api'
import { uploadProcessed } from './documents'

const ROLES: Role[] = ['admin', 'analyst', 'member']

/** What an advisor pastes into a question: a banker's shortlist, and a data-room address of one long word. */
const PASTED_QUESTION = [
  'Here is the shortlist from the banker. Which of these buyers would keep Ridgeline Builders?',
  '',
  '| Buyer | Headline offer | Earn-out | Cash at closing | Notes |',
  '| --- | --- | --- | --- | --- |',
  '| Harbor Capital Partners | $7,400,000 | $900,000 over two years | $6,500,000 | Wants Renata for 12 months |',
  '| Greenline Supply Co. | $7,050,000 | none | $7,050,000 | Strategic buyer, keeps the yard |',
  '',
  'The signed letters are at https://dataroom.brightwater-advisory.example/brightwater-landscape-supply/letters-of-intent/2026-11-harbor-capital-partners-signed.pdf',
].join('\n')

/** Questions whose stored answers quote table rows as tables, with citations, a working and a quote. */
const QUESTIONS = [
  PASTED_QUESTION,
  'Tell me about the customers',
  'What are the owner adjustments?',
  'How much did gross profit grow from FY2024 to FY2025?',
  'What does the owner need after tax?',
]

export interface SaleFileTeam {
  people: Record<Role, TeamUser>
  /** Each person's conversations: their questions about the sale file, and the meeting's turns. */
  conversations: Record<Role, { questions: number; meeting: number }>
  documents: { customers: number; income: number; memo: number }
  /** A passage and a cell the answers cite, as a source link opens them. */
  citedPassage: string
  citedCell: string
  /** The meeting's id, its transcript read. */
  meeting: string
  /** The action plan's task. */
  task: number
  /** One of the sample conversation templates every organization starts with. */
  template: string
  /** The newcomer's invitation, as its e-mail's link carries it. */
  invitationToken: string
}

/**
 * An organization as an advisor's week leaves it, for tests that look at every page with real data:
 * an admin, an analyst and a member; the sale file processed; a meeting with its transcript; an
 * accepted assessment answer, the value gap's figures and a task; each person's questions answered
 * (tables quoted, a working, citations) and the meeting's turns as a conversation; a pending
 * invitation for each person from another organization, and one for a newcomer with no account.
 */
export async function saleFileTeam(): Promise<SaleFileTeam> {
  const { organization, users, adminToken } = await createTeam('Sale file', ROLES)
  const people = Object.fromEntries(users.map((user) => [user.role, user])) as Record<Role, TeamUser>
  const uploaded = await uploadProcessed(
    people.analyst,
    organization.slug,
    SALE_FILES.map(([name, title]) => ({ title, path: path.join(SALE_FILE, name) })),
  )
  const id = (title: string) => uploaded.find((document) => document.title === title)!.id
  const { access } = await apiSignIn(people.analyst.username, people.analyst.password)

  // A meeting with its transcript read into turns, a summary and action items.
  const meeting = await api<{ id: string }>('POST', '/meetings/', {
    token: access,
    body: {
      title: 'Valuation call with Becker Logistics and its controller',
      date: '2026-11-18T15:00:00Z',
      duration: 45,
      participants: [
        { name: 'Priya Shah', email: 'priya.shah@brightwater-advisory.example', role: 'advisor' },
        { name: 'Tom Becker', email: 'tom.becker@becker-logistics.example', role: 'client' },
        { name: 'Luis Ortega', role: 'participant' },
      ],
    },
  })
  await uploadTranscript(access, meeting.id, {
    name: 'becker-valuation-call.txt',
    text: readFileSync(path.resolve(import.meta.dirname, '../../fixtures/meetings/becker-valuation-call.txt'), 'utf8'),
  })

  // The readiness pages with data: an accepted answer, the value gap's figures, a task.
  await api('POST', '/assessment/answers/customers.largest-share/accept/', { token: access, body: {} })
  await api('PUT', '/value-gap/', {
    token: access,
    body: {
      multiple_low: '5',
      multiple_mid: '5.4',
      multiple_high: '5.9',
      transaction_cost_percent: '6',
      tax_percent: '23.8',
    },
  })
  const task = await api<{ id: number }>('POST', '/actions/', {
    token: access,
    body: {
      title: 'Sign a multi-year contract with Ridgeline Builders (18% of revenue) before going to market',
      due_date: '2027-02-01',
    },
  })
  const templates = await api<{ results: Array<{ id: string }> }>('GET', '/conversation-templates/', {
    token: access,
  })

  const conversations = {} as SaleFileTeam['conversations']
  for (const role of ROLES) {
    const person = people[role]
    const { access: token } = await apiSignIn(person.username, person.password)
    const questions = await api<{ id: number }>('POST', '/conversations/', {
      token,
      body: { title: 'Questions on the Brightwater sale file before the buyer meetings' },
    })
    for (const content of QUESTIONS)
      await api('POST', `/conversations/${questions.id}/add_message/`, { token, body: { content } })
    const turns = await api<{ id: number }>('POST', `/meetings/${meeting.id}/convert/`, { token, body: {} })
    conversations[role] = { questions: questions.id, meeting: turns.id }
  }
  // A pending invitation from another organization for each person, for the invitations pages.
  const other = await api<{ slug: string }>('POST', '/organizations/', {
    token: adminToken,
    body: { name: `Harbor Capital Partners and Associates ${Date.now()}` },
  })
  for (const role of ROLES)
    await api('POST', `/organizations/${other.slug}/invite/`, {
      token: adminToken,
      body: { email: people[role].email, role: 'analyst' },
    })

  const { citedPassage, citedCell } = await citations(access, conversations.analyst.questions)
  const newcomer = `newcomer-${Date.now()}@brightwater-advisory.example`
  await api('POST', `/organizations/${organization.slug}/invite/`, {
    token: adminToken,
    body: { email: newcomer, role: 'member' },
  })
  return {
    people,
    conversations,
    documents: {
      customers: id('Customers FY2025'),
      income: id('Income statement FY2023-FY2025'),
      memo: id("Renata's memo on what she needs"),
    },
    citedPassage,
    citedCell,
    meeting: meeting.id,
    task: task.id,
    template: templates.results[0]!.id,
    invitationToken: (await invitationLink(newcomer)).split('/invitations/')[1]!,
  }
}

/** Where the answers' sources lead: a cited passage, and the cell of a computed answer's working. */
async function citations(token: string, conversation: number) {
  type Message = {
    document_references: Array<{ document_id: number | null; chunk_id: number }>
    derivation: {
      operands: Array<{ document_id: number; chunk_id: number; table: number; row: number; column: number }>
    } | null
  }
  const messages = await api<Message[]>('GET', `/conversations/${conversation}/messages/`, { token })
  const reference = messages.flatMap((message) => message.document_references).find((source) => source.document_id)!
  const operand = messages.flatMap((message) => message.derivation?.operands ?? [])[0]!
  return {
    citedPassage: `/documents/${reference.document_id}?chunk=${reference.chunk_id}#passage-${reference.chunk_id}`,
    citedCell: `/documents/${operand.document_id}?chunk=${operand.chunk_id}&cell=${operand.table}.${operand.row}.${operand.column}`,
  }
}
