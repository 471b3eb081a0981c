import { YEAR } from '../ai/text/calendar'
import { datesIn, type FoundDate } from '../ai/text/dates'
import type { ExtractedPage } from '../ai/text/pages'
import { pageSentences } from '../ai/text/sentences'
import { type Grid, gridsOf, isFigureCell } from './grids'
import { layoutOf } from './table-layout'
import type { Term } from './types'

/*
 * A lease's terms that are no figure, read once at ingestion beside the facts: who the landlord is,
 * when the lease starts and when it ends, for each premises. From a schedule of premises (a table
 * whose rows are premises, a column per term) and from sentences about a lease ("Yard and garage:
 * 7416 Riverside Avenue, leased from Dunmore Properties from September 1, 2023 to September 30,
 * 2027", "The lease on the shop runs to 2030", "The lease runs until September 30, 2029").
 */

type TermKey = Term['termKey']

// Column headers of a premises schedule, by the term they hold.
const HEADERS: Array<[TermKey, RegExp]> = [
  ['landlord', /\b(?:landlord|lessor)\b/i],
  ['lease_start', /\b(?:start|starts|commence\w*|begins?|from)\b/i],
  ['lease_end', /\b(?:end|ends|expir\w*|until|to|termination)\b/i],
]
const YEAR_ONLY = new RegExp(String.raw`^\s*(${YEAR})\s*$`)
const MAX_ENTITY = 60

/** Every lease term of a document's pages. `pages[i]` is document page position i + 1. */
export function leaseTerms(pages: ExtractedPage[]): Term[] {
  return pages.flatMap((page, index) => [
    ...gridsOf(page.text).flatMap((grid) => scheduleTerms(grid, page.label, index + 1)),
    ...pageSentences(page.text).flatMap((sentence) => sentenceTerms(sentence, index + 1)),
  ])
}

/** A day as written, with its ISO date and year. */
const ofDay = (found: FoundDate) => ({
  text: found.text,
  date: found.date.toISOString().slice(0, 10),
  year: found.date.getUTCFullYear(),
})

/** A date term as written: its ISO day when it has one, its year. */
function dated(text: string): Pick<Term, 'text' | 'date' | 'year'> | null {
  const [found] = datesIn(text)
  if (found && found.text.length >= text.trim().length - 1) return ofDay(found)
  const year = YEAR_ONLY.exec(text)
  return year ? { text: year[1]!, date: null, year: Number(year[1]) } : null
}

/** The terms of a schedule of premises: a row per premises, its landlord and dates under their headers. */
function scheduleTerms(grid: Grid, pageLabel: string | null, page: number): Term[] {
  const layout = layoutOf(grid, pageLabel)
  if (layout.entityKind !== 'premises') return []
  const header = grid.header.at(-1) ?? []
  const terms: Term[] = []
  for (const row of grid.rows) {
    if (row.section) continue
    const figure = row.cells.findIndex((cell, index) => index > 0 && isFigureCell(cell))
    const entity = (figure > 0 ? layout.place(row, figure)?.entity : null) ?? row.cells[0]?.trim()
    if (!entity || entity.length > MAX_ENTITY) continue
    const source = { page, row: row.index, quote: row.quote }
    if (header.length > 1) {
      // A header of cells: each term under its column.
      for (const [termKey, pattern] of HEADERS) {
        const column = header.findIndex((label, index) => index > 0 && pattern.test(label))
        const cell = column > 0 ? row.cells[column]?.trim() : undefined
        if (!cell) continue
        const read = termKey === 'landlord' ? { text: cell, date: null, year: null } : dated(cell)
        if (read) terms.push(term(termKey, entity, read, 'cell', { ...source, column }))
      }
      continue
    }
    // A header set in spaces (a text file's): the row's dates are its date columns', in order.
    const dateKeys = dateColumns(header[0] ?? '')
    const dates = datesIn(row.quote)
    if (dates.length !== dateKeys.length) continue
    dates.forEach((found, index) =>
      terms.push(term(dateKeys[index]!, entity, ofDay(found), 'cell', { ...source, column: null })),
    )
  }
  return terms
}

/** The date terms a one-line header names, in its order: "Premises Address Landlord Start End Rent". */
function dateColumns(header: string): TermKey[] {
  return header
    .split(/\s+/)
    .flatMap((word): TermKey[] =>
      /^(?:start|commence\w*|begins?)$/i.test(word)
        ? ['lease_start']
        : /^(?:end|expir\w*)$/i.test(word)
          ? ['lease_end']
          : [],
    )
}

// "Yard and garage: 7416 Riverside Avenue, …": a sentence led by the premises it is about.
const LABELLED = /^([A-Z][A-Za-z &'/-]{1,50}?):\s/
// "the lease on the machine shop", "the lease for our warehouse", "the office lease".
const LEASE_ON =
  /\blease (?:on|for|of) (?:the |our |its |their )?([a-z][a-z &'/-]{1,50}?)(?= runs\b| expires\b| ends\b| is\b| was\b| will\b| with\b| from\b| until\b| to\b|[,.;]|$)/i
const LEASE_OF = /\bthe ([a-z][a-z &'/-]{1,40}?) lease\b/i
const ABOUT_LEASE = /\blease[ds]?\b|\blandlord\b|\brent(?:s|ed)? from\b/i
// "leased from Dunmore Properties", "rented from the Miller Family Trust", "our landlord is Westfield Land Co."
const LANDLORD =
  /\b(?:leased|rented|leases|rents|lease it|rent it) from (?:the )?([A-Z][\w&.'-]*(?:\s+(?:[A-Z][\w&.'-]*|of|and|&))*)|\blandlord(?: is|,)\s+(?:the )?([A-Z][\w&.'-]*(?:\s+(?:[A-Z][\w&.'-]*|of|and|&))*)/
// "from September 1, 2023 to September 30, 2027": a term's start and end.
const FROM = /\bfrom\s+$/i
const UNTIL =
  /\b(?:to|until|till|through|thru|runs (?:to|until|through)|expires?(?: on| in)?|ends?(?: on| in)?|expiring(?: on| in)?|ending(?: on| in)?)\s+$/i
const YEAR_AFTER_UNTIL = new RegExp(
  String.raw`\b(?:runs (?:to|until|through)|expires?(?: in)?|ends?(?: in)?|until)\s+(${YEAR})\b(?![,/-]\d)`,
  'i',
)
const REACH = 30

/** A sentence's lease terms, of the premises it names (or of the one lease it speaks of). */
function sentenceTerms(sentence: string, page: number): Term[] {
  if (!ABOUT_LEASE.test(sentence)) return []
  const entity = premisesOf(sentence)
  const source = { page, row: null, column: null, quote: sentence }
  const terms: Term[] = []
  const landlord = LANDLORD.exec(sentence)
  const name = (landlord?.[1] ?? landlord?.[2])?.replace(/,$/, '').replace(/(?<!\b(?:Co|Inc|Ltd|Corp|LLC))\.$/, '')
  if (name && entity !== undefined)
    terms.push(term('landlord', entity, { text: name, date: null, year: null }, 'prose', source))
  for (const found of datesIn(sentence)) {
    const before = sentence.slice(Math.max(0, found.index - REACH), found.index)
    const key: TermKey | null = UNTIL.test(before) ? 'lease_end' : FROM.test(before) ? 'lease_start' : null
    if (key && entity !== undefined) terms.push(term(key, entity, ofDay(found), 'prose', source))
  }
  const year = YEAR_AFTER_UNTIL.exec(sentence)
  if (year && entity !== undefined && !terms.some((found) => found.termKey === 'lease_end'))
    terms.push(term('lease_end', entity, { text: year[1]!, date: null, year: Number(year[1]) }, 'prose', source))
  return terms
}

/** The premises a sentence is about: null for a lease it does not name; undefined when it speaks of no lease of its own. */
export function premisesOf(sentence: string): string | null | undefined {
  const named = LABELLED.exec(sentence)?.[1] ?? LEASE_ON.exec(sentence)?.[1] ?? LEASE_OF.exec(sentence)?.[1]
  if (named) return named.trim()
  return /\b(?:the|our|its|their) lease\b|\bleased from\b/i.test(sentence) ? null : undefined
}

function term(
  termKey: TermKey,
  entity: string | null,
  read: Pick<Term, 'text' | 'date' | 'year'>,
  kind: Term['kind'],
  source: Term['source'],
): Term {
  return { kind, termKey, entity, entityKind: 'premises', ...read, source }
}
