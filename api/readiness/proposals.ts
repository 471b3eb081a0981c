import Decimal from 'decimal.js'

import { datesIn } from '../ai/analysis/figures'
import { proseSentences } from '../ai/analysis/prose'
import { REMAINDER, SHARE_HEADER, TOTAL } from '../ai/analysis/units'
import { withDocumentScale } from '../ai/retrieval/document-scale'
import { retrieve } from '../ai/retrieval/hybrid'
import type { Passage } from '../ai/retrieval/passage'
import { IS_TABLE_LINE, parseFigure, parseTables, type Table } from '../ai/tables/table'
import type { Deps, OrgCaller } from '../context'
import { type DocumentSource, type Finding, locationOf, sentenceSource } from './value-evidence'

/*
 * Answers of the readiness assessment proposed from an organization's documents (issue 34, item 1;
 * decision 043). A proposal is made only on evidence, and cites it exactly: the cell as written, or
 * the sentence. Where the documents hold none, or disagree, there is no proposal and the reason
 * says why. The advisor accepts or changes every proposal; nothing here is an answer.
 */

export interface Proposal {
  /** The question it answers (api/readiness/drivers.ts). */
  key: string
  /** 1–5, by the thresholds stated in decision 043. */
  score: number
  reason: string
  sources: DocumentSource[]
}

export type ProposalKey =
  | 'customers.largest-share'
  | 'owner.operations'
  | 'owner.relationships'
  | 'management.successor'
  | 'financial.assurance'
  | 'legal.leases-contracts'
  | 'recurring.share'

export type Proposals = Record<ProposalKey, Finding<Proposal>>

// Passages read per question: chat's own number at most, as the value gap's evidence reads them.
const MAX_PASSAGES = 8
const Exact = Decimal.clone({ precision: 60 })

/** Reads what the documents say for each question they can answer. `now` is the day a lease's end is measured from. */
export async function readProposals(
  deps: Deps,
  caller: Pick<OrgCaller, 'organizationId'>,
  now: Date,
): Promise<Proposals> {
  const passagesFor = async (query: string) =>
    withDocumentScale(
      deps,
      caller.organizationId,
      await retrieve(deps, {
        organizationId: caller.organizationId,
        query,
        topK: Math.min(deps.config.ANSWER_PASSAGES, MAX_PASSAGES),
        mode: 'hybrid',
      }),
    )
  const dependence = ownerDependence(
    await passagesFor('the only person who knows I handle all relationships are with me no successor take over'),
  )
  return {
    'customers.largest-share': largestCustomer(await passagesFor('customers revenue share of revenue by customer')),
    ...dependence,
    'financial.assurance': accountsAssurance(
      await passagesFor('financial statements audited unaudited compiled reviewed by accountant'),
    ),
    'legal.leases-contracts': leaseEnding(await passagesFor('lease ends expires term renewal premises'), now),
    'recurring.share': recurringShare(await passagesFor('recurring revenue contracts subscriptions share of revenue')),
  }
}

const none = (reason: string) => ({ value: null, reason }) as const
const proposed = (proposal: Proposal) => ({ value: proposal, reason: null }) as const

/* ------------------------------------------------------------------ customers */

// The largest customer's share of revenue → customers.largest-share, as risks.ts and buyers read it.
export const CUSTOMER_THRESHOLDS = [
  { above: 25, score: 1 },
  { above: 15, score: 2 },
  { above: 10, score: 3 },
  { above: 5, score: 4 },
] as const
const customerScore = (share: Decimal) => CUSTOMER_THRESHOLDS.find(({ above }) => share.gt(above))?.score ?? 5

const CUSTOMER_COLUMN = /\b(?:customers?|clients?|accounts?|buyers?)\b/i
// A row of many customers is no customer: "Walk-in and small accounts", "All other clients".
const GROUP_ROW = /\b(?:customers|clients|accounts|buyers|others?|various|sundry|small|walk-ins?|retail sales)\b/i
const REVENUE_COLUMN = /\b(?:revenue|revenues|sales|turnover|billings|income)\b/i

interface Row {
  label: string
  index: number
}

function cellOf(passage: Passage, tableIndex: number, table: Table, row: number, column: number): DocumentSource {
  const rowLabel = table.rowLabels[row] ?? ''
  const columnLabel = table.columns[column]?.label ?? ''
  return {
    kind: 'document',
    documentId: passage.documentId,
    title: passage.documentTitle,
    location: locationOf(passage, { row, column, rowLabel, columnLabel, text: table.rows[row]![column]! }),
    quote: table.rows[row]![column]!.trim(),
    chunkId: passage.chunkId,
    cell: { table: tableIndex, row, column },
  }
}

/**
 * The largest single customer's share from a customer table: its share column, read whole (the
 * shares add up to 100%, within their rounding), or its revenue over the table's total row. A row
 * of many customers is not one customer; a table read only in part gives no largest.
 */
export function largestCustomer(passages: Passage[]): Finding<Proposal> {
  const reasons: string[] = []
  const found = new Map<string, Proposal>()
  for (const passage of passages)
    for (const [tableIndex, table] of parseTables(passage.text).entries()) {
      const read = customerTable(passage, table, tableIndex)
      // Overlapping chunks read one table twice: one proposal per document and reason.
      if (read && 'proposal' in read) found.set(`${passage.documentId} ${read.proposal.reason}`, read.proposal)
      else if (read) reasons.push(read.reason)
    }
  const [first, ...others] = found.values()
  // Two tables (two years, two lists) with different largest customers: which one holds is the advisor's to say.
  if (first && others.length)
    return none(
      `The documents hold customer tables with different largest shares: ${[first, ...others]
        .map(({ sources }) => `${sources[0]!.quote} (${sources[0]!.title}, ${sources[0]!.location})`)
        .join('; ')}.`,
    )
  if (first) return proposed(first)
  return none(reasons[0] ?? 'No document holds a table of revenue or share of revenue by customer.')
}

function customerTable(
  passage: Passage,
  table: Table,
  tableIndex: number,
): { proposal: Proposal } | { reason: string } | null {
  if (table.transposed || !CUSTOMER_COLUMN.test(table.columns[0]?.label ?? '')) return null
  const body = table.rowLabels
    .map((label, index) => ({ label: label.trim(), index }))
    .filter(({ label, index }) => index >= table.headerRows && label)
  const totalRow = body.find((row) => TOTAL.test(row.label))
  const rows = body.filter((row) => row !== totalRow)
  const customers = rows.filter((row) => !REMAINDER.test(row.label) && !GROUP_ROW.test(row.label))
  if (customers.length === 0) return null
  const figure = (row: Row, column: number) => parseFigure(table.rows[row.index]![column] ?? '')?.value ?? null
  const share = table.columns.findIndex((column) => column.index > 0 && SHARE_HEADER.test(column.label))
  if (share > 0 && rows.every((row) => figure(row, share))) {
    const written = rows.map((row) => table.rows[row.index]![share]!.trim())
    const sum = rows.reduce((total, row) => total.plus(figure(row, share)!), new Exact(0))
    const decimals = Math.max(...written.map((text) => /\.(\d+)/.exec(text)?.[1]?.length ?? 0))
    const slack = new Exact(0.5).times(new Exact(10).pow(-decimals)).times(rows.length)
    if (sum.minus(100).abs().gt(slack))
      return {
        reason: `The customer table in ${passage.documentTitle} was read only in part (its shares add up to ${sum.toFixed()}%), so its largest customer is not known.`,
      }
    const largest = maxBy(customers, (row) => figure(row, share)!)
    const source = cellOf(passage, tableIndex, table, largest.index, share)
    return { proposal: proposal(figure(largest, share)!, largest.label, source, 'as the table states its share') }
  }
  const revenue = table.columns.findIndex((column) => column.index > 0 && REVENUE_COLUMN.test(column.label))
  if (revenue < 0) return null
  const total = totalRow && figure(totalRow, revenue)
  if (!totalRow || !total?.gt(0))
    return {
      reason: `The customer table in ${passage.documentTitle} gives revenue by customer but no total row, so a share cannot be computed.`,
    }
  const largest = maxBy(customers, (row) => figure(row, revenue) ?? new Exact(0))
  const amount = figure(largest, revenue) ?? new Exact(0)
  const source = cellOf(passage, tableIndex, table, largest.index, revenue)
  const totalSource = cellOf(passage, tableIndex, table, totalRow.index, revenue)
  const value = new Exact(amount).dividedBy(total).times(100)
  return {
    proposal: proposal(value, largest.label, source, `${source.quote} of ${totalSource.quote} in total`, totalSource),
  }
}

function proposal(share: Decimal, name: string, source: DocumentSource, how: string, total?: DocumentSource): Proposal {
  const score = customerScore(share)
  const written = total ? (share.decimalPlaces() <= 2 ? share.toFixed() : `about ${share.toFixed(1)}`) : source.quote
  const bound = CUSTOMER_THRESHOLDS.find((threshold) => threshold.score === score)
  const band = bound ? `above ${bound.above}%` : '5% or less'
  return {
    key: 'customers.largest-share',
    score,
    reason: `The largest customer, ${name}, brings ${written.replace(/%$/, '')}% of revenue (${how}): ${band} proposes ${score}.`,
    sources: total ? [source, total] : [source],
  }
}

function maxBy<T>(items: T[], value: (item: T) => Decimal) {
  return items.reduce((best, item) => (value(item).gt(value(best)) ? item : best))
}

interface Said {
  passage: Passage
  sentence: string
}

/** Each sentence of the passages once (overlapping chunks repeat them), with the passage it was read in. */
function sentencesIn(passages: Passage[]): Said[] {
  const seen = new Set<string>()
  return passages.flatMap((passage) =>
    // A table's lines are its cells, read as cells; a row run together is no sentence.
    proseSentences(
      passage.text
        .split('\n')
        .filter((line) => !IS_TABLE_LINE.test(line))
        .join('\n'),
    ).flatMap((sentence) => {
      const key = `${passage.documentId}\u0000${sentence}`
      if (seen.has(key)) return []
      seen.add(key)
      return [{ passage, sentence }]
    }),
  )
}

const quoted = (said: Said[]) => said.map(({ sentence }) => `"${sentence}"`).join(' ')
const MAX_SOURCES = 3

/* ------------------------------------------------------------ owner dependence */

// One person alone does the work: "I am the only person who…", "nobody else knows…".
const ONLY_ONE =
  /\b(?:only|sole|single)\s+(?:person|one|people|individual)\s+(?:who|that|able|with)\b|\b(?:no\s?one|nobody)\s+else\s+(?:can|could|knows|does|has|is able|understands)\b/i
// Whose work: the owner in the first person, or named by role.
const OWNER = /\b(?:I|me|my|My)\b|\b(?:owner|founder|president|ceo|proprietor|managing director)\b/
const OWNER_ROLE = /\b(?:owner|founder|president|ceo|proprietor|managing director)\b/i
const WITH_ME =
  /\brelationships?\s+(?:are|is|sit|rest|remain|lie)\s+(?:\w+\s+){0,2}?(?:with|through)\s+me\b|\b(?:customers|clients|suppliers|they)\s+(?:\w+\s+){0,3}?(?:deal|talk|speak|work)\s+(?:only\s+)?(?:with|to)\s+me\b|\bcall me directly\b/i
const HANDLE_ALL =
  /\bI\s+(?:still\s+|personally\s+|really\s+)?(?:handle|manage|run|do|own|negotiate|approve|sign)\s+(?:all|every|each|most)\b/
const RELATIONSHIP_WORDS = /\b(?:customers?|clients?|suppliers?|vendors?|accounts?|relationships?|sales)\b/i
// Copied from the Succession rule of the analysis (risks.ts), and "no one to take over".
const NO_SUCCESSOR =
  /\bno\s+(?:obvious\s+|clear\s+|suitable\s+|internal\s+|named\s+)?(?:successor|succession plan|heir)\b|\bsuccessor\s+(?:has|have)\s+not\s+(?:yet\s+)?been\s+(?:identified|appointed|named|found|chosen|agreed)\b|\b(?:not|never)\s+(?:yet\s+)?(?:identified|appointed|named|chosen|agreed on)\s+a\s+successor\b|\bwithout\s+a\s+successor\b|\b(?:no\s?one|nobody)\s+(?:\w+\s+)?(?:to|who could|who can|ready to)\s+take\s+over\b/i
// A sentence that says it is no longer so.
const NO_LONGER =
  /\bno longer\b|\bnot the only\b|\bnot anymore\b|\bused to be\b|\bhas (?:since )?been (?:named|appointed|identified)\b/i

export function ownerDependence(
  passages: Passage[],
): Pick<Proposals, 'owner.operations' | 'owner.relationships' | 'management.successor'> {
  const sentences = sentencesIn(passages).filter(({ sentence }) => !NO_LONGER.test(sentence))
  const owners = (said: Said) => OWNER.test(said.sentence) || OWNER_ROLE.test(said.sentence)
  const alone = sentences.filter(
    (said) =>
      owners(said) &&
      (ONLY_ONE.test(said.sentence) || (HANDLE_ALL.test(said.sentence) && !RELATIONSHIP_WORDS.test(said.sentence))),
  )
  const relationships = sentences.filter(
    (said) => WITH_ME.test(said.sentence) || (HANDLE_ALL.test(said.sentence) && RELATIONSHIP_WORDS.test(said.sentence)),
  )
  const successor = sentences.filter(({ sentence }) => NO_SUCCESSOR.test(sentence))
  const sourced = (said: Said[]) =>
    said.slice(0, MAX_SOURCES).map(({ passage, sentence }) => sentenceSource(passage, sentence))
  return {
    'owner.operations': alone.length
      ? proposed({
          key: 'owner.operations',
          score: 2,
          reason: `The documents say the owner alone does key work: ${quoted(alone.slice(0, MAX_SOURCES))} This proposes 2, not 1: the work named is for the advisor to weigh against the whole role.`,
          sources: sourced(alone),
        })
      : none('No document says the owner is the only person who does key work.'),
    'owner.relationships': relationships.length
      ? proposed({
          key: 'owner.relationships',
          score: 2,
          reason: `The documents say customers or suppliers deal with the owner personally: ${quoted(relationships.slice(0, MAX_SOURCES))} This proposes 2.`,
          sources: sourced(relationships),
        })
      : none("No document says the business's relationships are with the owner personally."),
    'management.successor': successor.length
      ? proposed({
          key: 'management.successor',
          score: 1,
          reason: `The documents say no successor is identified: ${quoted(successor.slice(0, MAX_SOURCES))} This proposes 1.`,
          sources: sourced(successor),
        })
      : none('No document says whether a successor is identified.'),
  }
}

/* ------------------------------------------------------------- accounts */

const STATEMENTS =
  /\b(?:financial statements|financials|accounts|statements|books|income statements?|balance sheets?|p&l)\b/i
// From the least assurance to the most; a sentence is read at its least ("compiled and not audited" is unaudited).
const ASSURANCE: Array<{ level: string; score: number; pattern: RegExp; says: string }> = [
  {
    level: 'unaudited',
    score: 2,
    pattern:
      /\bunaudited\b|\b(?:not|never)\s+(?:been\s+)?audited\b|\bno\s+(?:external\s+|independent\s+|statutory\s+)?audit\b/i,
    says: 'are not audited',
  },
  {
    level: 'compiled',
    score: 2,
    pattern: /\bcompil(?:ed|ation)\b/i,
    says: 'are compiled by an outside accountant, neither reviewed nor audited',
  },
  {
    level: 'reviewed',
    score: 3,
    pattern:
      /\breview engagement\b|\breviewed by\s+(?:(?:our|an|the|their|its|outside|independent|external)\s+)*(?:accountants?|CPAs?|accounting firm|auditors?)\b|\b(?:CPA|accountant)['’]?s?\s+review\b/i,
    says: 'are reviewed by an outside accountant, not audited',
  },
  {
    level: 'audited',
    score: 4,
    pattern:
      /\baudited by\b|\b(?:clean|unqualified|unmodified)\s+(?:audit\s+)?opinion\b|\baudited (?:financial )?statements\b/i,
    says: 'are audited; three years of clean opinions, which a 5 asks for, are for the advisor to confirm',
  },
]

export function accountsAssurance(passages: Passage[]): Finding<Proposal> {
  const read = sentencesIn(passages).flatMap((said) => {
    if (!STATEMENTS.test(said.sentence)) return []
    const level = ASSURANCE.find(({ pattern }) => pattern.test(said.sentence))
    return level ? [{ ...said, ...level }] : []
  })
  if (read.length === 0)
    return none('No document says whether the financial statements are audited, reviewed or compiled.')
  const scores = new Set(read.map(({ score }) => score))
  if (scores.size > 1)
    return none(
      `The documents disagree on how far the financial statements are checked: ${read
        .slice(0, MAX_SOURCES)
        .map(({ level, passage, sentence }) => `${level}, "${sentence}" (${passage.documentTitle})`)
        .join('; ')}.`,
    )
  const [first] = read
  return proposed({
    key: 'financial.assurance',
    score: first!.score,
    reason: `The financial statements ${first!.says}: ${quoted(read.slice(0, MAX_SOURCES))} This proposes ${first!.score}.`,
    sources: read.slice(0, MAX_SOURCES).map(({ passage, sentence }) => sentenceSource(passage, sentence)),
  })
}

/* ------------------------------------------------------------- leases */

const AGREEMENT = /\b(?:lease|leases|tenancy|sublease|contract|agreement|licen[cs]e|franchise)\b/i
const ENDING =
  /\b(?:ends?|ending|end date|expires?|expiring|expiry|expiration|runs?\s+(?:out|until|to|through)|terminates?|lapses?|until)\b/gi
const END_COLUMN = /\b(?:ends?|ending|end date|expir\w*|term end|lease end|until)\b/i
// An end date follows its words closely ("ends on April 30, 2027"), within its clause: in "runs
// until 2030; rent was reviewed on March 1, 2026" the date is the review's.
const NEAR_END = 40
const DAY_MS = 24 * 3600 * 1000
const isoDay = (date: Date) => date.toISOString().slice(0, 10)

interface Ending {
  date: Date
  written: string
  source: DocumentSource
}

/** The day a year after `now`, by the calendar: 2026-11-28 → 2027-11-28. */
const yearAfter = (now: Date) => new Date(Date.UTC(now.getUTCFullYear() + 1, now.getUTCMonth(), now.getUTCDate()))

/**
 * A lease or contract ending within a year of `now`, from a sentence ("the lease ends on April 30,
 * 2027") or a row of a lease table with an end or expiry column. An end date already past is not
 * read: the document may be older than a renewal.
 */
export function leaseEnding(passages: Passage[], now: Date): Finding<Proposal> {
  const endings: Ending[] = []
  for (const { passage, sentence } of sentencesIn(passages)) {
    const agreement = AGREEMENT.exec(sentence)
    if (!agreement) continue
    const dates = datesIn(sentence)
    // Each ending word after the agreement's name, with the date that closely follows it: a sentence may name two leases.
    for (const ending of sentence.slice(agreement.index).matchAll(ENDING)) {
      const after = agreement.index + ending.index + ending[0].length
      const found = dates.find(
        (date) =>
          date.index >= after && date.index - after <= NEAR_END && !/[;.]/.test(sentence.slice(after, date.index)),
      )
      if (found) endings.push({ date: found.date, written: found.text, source: sentenceSource(passage, sentence) })
    }
  }
  for (const passage of passages) {
    if (!/\b(?:lease|tenanc|premises|contract|agreement)/i.test(`${passage.documentTitle}\n${passage.text}`)) continue
    for (const [tableIndex, table] of parseTables(passage.text).entries()) {
      const column = table.columns.findIndex((header) => header.index > 0 && END_COLUMN.test(header.label))
      if (column < 0 || table.transposed) continue
      for (let row = table.headerRows; row < table.rows.length; row++) {
        const [found] = datesIn(table.rows[row]![column] ?? '')
        if (found)
          endings.push({
            date: found.date,
            written: found.text,
            source: cellOf(passage, tableIndex, table, row, column),
          })
      }
    }
  }
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  // A line "Grove City branch: the lease ends on April 30, 2027." is read as a sentence and as a
  // labelled row: one end per document and day, the sentence first.
  const seen = new Set<string>()
  const ahead = endings.filter(({ date, source }) => {
    const key = `${source.documentId} ${isoDay(date)}`
    if (seen.has(key) || date.getTime() < today) return false
    seen.add(key)
    return true
  })
  const soon = ahead.filter(({ date }) => date.getTime() <= yearAfter(now).getTime())
  if (soon.length === 0) {
    if (ahead.length === 0)
      return none(`No lease or contract in the documents states an end date after ${isoDay(now)}.`)
    const nearest = ahead.reduce((best, ending) => (ending.date < best.date ? ending : best))
    const days = Math.round((nearest.date.getTime() - today) / DAY_MS)
    return none(
      `No lease or contract in the documents ends within a year of ${isoDay(now)}: the nearest ends on ${nearest.written}, ${days} days ahead (${nearest.source.title}).`,
    )
  }
  soon.sort((a, b) => a.date.getTime() - b.date.getTime())
  return proposed({
    key: 'legal.leases-contracts',
    score: 2,
    reason: `${soon
      .map(({ written, source }) => `${source.title} states an end on ${written}`)
      .join(
        '; ',
      )}, within a year of ${isoDay(now)}. This proposes 2: whether it is key, and whether a renewal is agreed (which makes it 1 or better), is for the advisor to judge.`,
    sources: soon.slice(0, MAX_SOURCES).map(({ source }) => source),
  })
}

/* ------------------------------------------------------------- recurring revenue */

export const RECURRING_THRESHOLDS = [
  { atLeast: 60, score: 5 },
  { atLeast: 40, score: 4 },
  { atLeast: 20, score: 3 },
  { atLeast: 5, score: 2 },
] as const
const RECURRING =
  /\brecurring\b|\bsubscriptions?\b|\b(?:service|maintenance|support)\s+(?:contracts?|agreements?|plans?)\b|\bcontracted revenue\b/i
const SHARE_OF_REVENUE =
  /\b(\d+(?:\.\d+)?)\s?(?:%|per ?cent)\s+of\s+(?:(?:our|the|its|their|total|annual|group|\d{4})\s+)*(?:revenue|revenues|sales|turnover)\b/gi

/** The recurring share of revenue a sentence or a table's row states: one percentage, of revenue. */
export function recurringShare(passages: Passage[]): Finding<Proposal> {
  const found: Array<{ share: Decimal; source: DocumentSource }> = []
  for (const { passage, sentence } of sentencesIn(passages)) {
    const recurring = RECURRING.exec(sentence)
    // A share of revenue after the words of recurrence: "recurring revenue grew 15%" is a growth rate.
    const shares = recurring ? [...sentence.slice(recurring.index).matchAll(SHARE_OF_REVENUE)] : []
    if (shares.length === 1) found.push({ share: new Exact(shares[0]![1]!), source: sentenceSource(passage, sentence) })
  }
  for (const passage of passages)
    for (const [tableIndex, table] of parseTables(passage.text).entries()) {
      if (table.transposed) continue
      const column = table.columns.findIndex((header) => header.index > 0 && SHARE_HEADER.test(header.label))
      if (column < 0) continue
      table.rowLabels.forEach((label, row) => {
        const figure =
          row >= table.headerRows && RECURRING.test(label) ? parseFigure(table.rows[row]![column] ?? '') : null
        if (figure) found.push({ share: figure.value, source: cellOf(passage, tableIndex, table, row, column) })
      })
    }
  if (found.length === 0) return none('No document states what share of revenue recurs.')
  const shares = new Set(found.map(({ share }) => share.toFixed()))
  if (shares.size > 1)
    return none(
      `The documents state different recurring shares of revenue: ${found
        .map(({ share, source }) => `${share.toFixed()}% (${source.title})`)
        .join('; ')}.`,
    )
  const [{ share, source }] = found as [(typeof found)[number]]
  const score = RECURRING_THRESHOLDS.find(({ atLeast }) => share.gte(atLeast))?.score ?? 1
  const bound = RECURRING_THRESHOLDS.find((threshold) => threshold.score === score)
  return proposed({
    key: 'recurring.share',
    score,
    reason: `${share.toFixed()}% of revenue recurs, as ${source.title} states: ${bound ? `${bound.atLeast}% or more` : 'under 5%'} proposes ${score}.`,
    sources: [source],
  })
}
