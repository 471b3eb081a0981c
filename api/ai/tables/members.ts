import Decimal from 'decimal.js'

import { analyze } from '../retrieval/analyzer'
import { type Operand, type Part, writeParts } from './compute'
import type { Filtered } from './filter'
import { termsOf } from './question'
import { MIN_RECALL, operandAt, tableRecall, valueColumns } from './rows'
import type { Table } from './table'
import { TOTAL_ROW } from './totals'

/*
 * "What were the components under Property, plant, and equipment, gross?", "What types of accounts
 * receivable are there?", "Which countries are shown in the table?": the question asks for the
 * names of several things, and a table lists them as its rows. A statement sets the rows of a kind
 * under a heading (a label with no figures, "Current assets"), ended by the row that totals them,
 * another heading or an unlabelled total; a table of one list ("UK | 24.5", "Ireland | 0.4",
 * "Total") lists them all. Only a list that can be told apart answers: a heading over headings
 * (nested sections) or a table of several lists answers nothing here.
 */

// The kinds of thing a list names. "What are the (financial) items / components / types … ".
const KIND = String.raw`(?:line items|items|components|types|kinds|categories|segments|regions|countries|currencies|classes|elements)`
const MEMBERS = new RegExp(
  String.raw`^(?:what|which) (?:are |were )?(?:the )?(?:(?!(?:do|does|did)\b)[\w-]+ ){0,2}?${KIND}\b(.{0,200})$`,
  'i',
)
// What a list is named by: "of X", "under X", "making up X", "does X consist of", "X are there".
const OF_SUBJECT = /^\s+(?:of|under|making up|that make up|within|comprising)\s+(?:the\s+)?(.+?)\s*\??$/i
const CONSIST_OF = /^\s+(?:does|do|did)\s+(?:the\s+)?(.+?)\s+(?:consist|comprise)(?:\s+of)?\s*\??$/i
const IN_TABLE = /\s*\b(?:(?:are|were|is)\s+)?(?:listed\s+|shown\s+|included\s+|presented\s+)?in (?:the|this) table\b/i
const ARE_THERE = /\s+(?:are|were) there\s*\??$/i
// Words that say what kind of list or where, never which: "financial items", "the table".
const GENERIC = new Set(
  analyze(
    'financial item items line component components type types kind kinds category categories segment segments ' +
      'class classes element elements table tables list listed show shown recorded include included present presented',
  ),
)

/** What a question for several names asks: the list's name (its heading's words), or the whole table's list. */
export type MembersAsked = { subject: string[]; context: null } | { subject: null; context: string[] }

export function membersAsked(question: string): MembersAsked | null {
  const match = MEMBERS.exec(question.trim())
  if (!match) return null
  const rest = match[1]!
  const named = (OF_SUBJECT.exec(rest.replace(ARE_THERE, '')) ?? CONSIST_OF.exec(rest))?.[1]?.replace(
    new RegExp(`${IN_TABLE.source}\\s*$`, 'i'),
    '',
  )
  if (named && !IN_TABLE.test(named) && !/\b(?:which|whereby|where|that)\b/i.test(named)) {
    const subject = termsOf(named).filter((term) => !GENERIC.has(term))
    return subject.length ? { subject, context: null } : null
  }
  // "What are the countries in the table whereby revenue is split?", "the regions involving X":
  // the list of a table the rest of the question describes.
  if (IN_TABLE.test(rest) || /^\s+(?:involv|to which|in which|by which|where)/i.test(rest))
    return { subject: null, context: termsOf(rest.replace(IN_TABLE, ' ')).filter((term) => !GENERIC.has(term)) }
  return null
}

/** A row that heads a section: a label and no other cell. */
const isHeading = (table: Table, row: number) =>
  Boolean(table.rows[row]![0]!.trim()) && table.rows[row]!.slice(1).every((cell) => !cell.trim())
const labelOf = (table: Table, row: number) => (table.rowLabels[row] || table.rows[row]![0]!).trim()
// A row that takes away from the others is no kind of them: "Allowance for doubtful accounts", "Less …".
const DEDUCTION = /^(?:less\b|allowance\b|accumulated (?:depreciation|amortization|amortisation)\b)/i
// A footnote's number glued to a label's last word ("subsidiaries1", "EBITDA2") is no part of the name.
const GLUED_NOTE = /(?<=[A-Za-z]{3})\d$/
const clean = (label: string) => label.replace(/:\s*$/, '').replace(GLUED_NOTE, '').trim()

/** The first figure of a row, in the order of its columns. */
const firstFigure = (table: Table, row: number): Operand | null => {
  for (const column of valueColumns(table)) {
    const operand = operandAt(table, row, column.index)
    if (operand) return operand
  }
  return null
}

/**
 * The rows of a section from `start` (the row after its heading): up to the next heading, a row
 * with no label, a total, or a row that names the section again ("Gross deferred tax liabilities"
 * under "Deferred tax liabilities"). Null when the section opens with another heading: its lists
 * cannot be told apart from its own rows.
 */
function sectionRows(table: Table, start: number, heading: string[]) {
  if (start < table.rows.length && isHeading(table, start)) return null
  const rows: number[] = []
  for (let row = start; row < table.rows.length; row++) {
    const label = labelOf(table, row)
    if (isHeading(table, row) || !table.rows[row]![0]!.trim() || TOTAL_ROW.test(label)) break
    const terms = new Set(termsOf(label))
    if (heading.every((term) => terms.has(term))) break
    rows.push(row)
  }
  return rows
}

const listed = (table: Table, rows: number[], labelled = (row: number) => labelOf(table, row)) =>
  rows.flatMap((row) => {
    const operand = firstFigure(table, row)
    return operand && !DEDUCTION.test(labelled(row)) ? [{ operand, label: clean(labelled(row)) }] : []
  })

/** The rows of the section the subject names, or the sections whose headings name it ("the Solutions segments"). */
function namedList(table: Table, subject: string[]) {
  const headings = table.rows.flatMap((_, row) => (isHeading(table, row) ? [row] : []))
  const termsAt = (row: number) => termsOf(labelOf(table, row)).filter((term) => !GENERIC.has(term))
  const exact = headings.filter((row) => {
    const terms = termsAt(row)
    return terms.length === subject.length && subject.every((term) => terms.includes(term))
  })
  if (exact.length === 1) {
    const rows = sectionRows(table, exact[0]! + 1, termsAt(exact[0]!))
    return rows && { heading: labelOf(table, exact[0]!), members: listed(table, rows) }
  }
  if (exact.length > 1) return null
  // Each heading a member: the first figure under it stands for its section.
  const naming = headings.filter((row) => subject.every((term) => termsAt(row).includes(term)))
  if (naming.length < 2) return null
  const members = naming.flatMap((row) => {
    const rows = sectionRows(table, row + 1, termsAt(row))
    const operand = rows?.length ? firstFigure(table, rows[0]!) : null
    return operand ? [{ operand, label: clean(labelOf(table, row)) }] : []
  })
  return members.length === naming.length ? { heading: subject.join(' '), members } : null
}

/** Every row of a table of one list (no heading in its body, nothing after its total), totals left out. */
function wholeList(table: Table) {
  const rows: number[] = []
  let ended = false
  for (let row = table.headerRows; row < table.rows.length; row++) {
    if (isHeading(table, row)) return null
    const label = labelOf(table, row)
    if (!firstFigure(table, row)) continue
    if (!table.rows[row]![0]!.trim() || TOTAL_ROW.test(label)) {
      ended = true
      continue
    }
    if (ended) return null
    rows.push(row)
  }
  return listed(table, rows)
}

/**
 * The names a question asks for as a table lists them: the rows of the section it names, or of a
 * table of one list the question points at ("in the table", or the rest of its words name the
 * table). Null when no one list answers, so the caller quotes instead.
 */
export function membersOf<S>(question: string, tables: Array<{ table: Table; source: S }>): Filtered<S> | null {
  const asked = membersAsked(question)
  if (!asked) return null
  const found: Array<{ heading: string; members: Array<{ operand: Operand; label: string }>; source: S }> = []
  for (const { table, source } of tables) {
    if (asked.subject) {
      const list = namedList(table, asked.subject)
      if (list) found.push({ ...list, source })
    } else {
      const pointed = asked.context.length === 0 ? tables.length === 1 : tableRecall(table, asked.context) >= MIN_RECALL
      const members = pointed ? wholeList(table) : null
      if (members) found.push({ heading: 'The table', members, source })
    }
  }
  // Two tables that both answer leave the question open.
  if (found.length !== 1 || found[0]!.members.length < 2) return null
  const [{ heading, members, source }] = found as [(typeof found)[number]]
  const parts: Part[] = [
    `${clean(heading)} lists: `,
    ...members.flatMap(({ operand, label }, index) => [index === 0 ? '' : ', ', { operand, text: label }]),
  ]
  return {
    computation: {
      value: new Decimal(members.length),
      display: members.map(({ label }) => label).join('; '),
      scale: null,
      unit: null,
      derivation: writeParts(parts),
      parts,
    },
    operands: members.map(({ operand }) => operand),
    source,
    score: 1,
  }
}
