import { calendarDay } from '../../../shared/calendar'
import { YEAR } from '../../ai/text/calendar'
import { normalizeLabel } from '../../ai/text/measures'
import type { StoredTerm } from '../organization-terms'
import type { Stated } from './stated-answer'

/*
 * Questions on a lease's terms that are no figure (issue 45): when the lease of a premises ends, who
 * its landlord is, and how many leases end before a year. Answered from the terms read at ingestion
 * (api/facts/lease-terms.ts), each cited by its passage. A premises whose documents state two
 * different ends, or two landlords, has no answer here.
 */

type Asked =
  | { strategy: 'lease-end'; termKey: 'lease_end' }
  | { strategy: 'landlord'; termKey: 'landlord' }
  | { strategy: 'leases-ending'; before: boolean; year: number }

const LEASE_END =
  /\bwhen\b.*\b(?:lease|tenancy)\b.*\b(?:end|ends|expire|expires|run out|runs out|terminate|terminates|up)\b|\bwhen\b.*\b(?:end|expire|run out)\b.*\blease\b|\blease (?:end|expiry|expiration|termination) date\b/i
const LANDLORD =
  /\b(?:who|which company|what company)\b.*\b(?:landlord|lessor)\b|\bwho\b.*\b(?:lease|leases|rent|rents)\b.*\bfrom\b/i
const LEASES_ENDING = new RegExp(
  String.raw`\bhow many\b.*\bleases?\b.*\b(?:end|ends|expire|expires|run out|terminate)\b\s+(before|after)\s+(${YEAR})\b`,
  'i',
)

function asked(question: string): Asked | null {
  const ending = LEASES_ENDING.exec(question)
  if (ending)
    return { strategy: 'leases-ending', before: ending[1]!.toLowerCase() === 'before', year: Number(ending[2]) }
  if (LANDLORD.test(question)) return { strategy: 'landlord', termKey: 'landlord' }
  if (LEASE_END.test(question)) return { strategy: 'lease-end', termKey: 'lease_end' }
  return null
}

/** Whether the question asks a lease's term. */
export const asksLeaseTerm = (question: string) => asked(question) !== null

/** What a lease question reads among the terms, its answer and working; null when they do not answer it. */
export function readLeaseTerm(question: string, terms: StoredTerm[]): Stated<StoredTerm> | null {
  const ask = asked(question)
  if (!ask) return null
  terms = terms.filter((term) => term.entityKind === 'premises')
  const read = ask.strategy === 'leases-ending' ? leasesEnding(terms, ask) : termOf(question, terms, ask.termKey)
  return read && { ...read, strategy: ask.strategy }
}

type Reading = Omit<Stated<StoredTerm>, 'strategy'>

const WHAT: Record<'landlord' | 'lease_start' | 'lease_end', string> = {
  landlord: 'landlord',
  lease_start: 'lease starts',
  lease_end: 'lease ends',
}

/** A premises' one landlord or end: the one its question names, or the only one the documents lease. */
function termOf(question: string, terms: StoredTerm[], termKey: 'landlord' | 'lease_end'): Reading | null {
  const premises = premisesNamed(question, terms)
  if (premises === undefined) return null
  const own = terms.filter(
    (term) =>
      term.termKey === termKey && (premises === null || (term.entity && normalizeLabel(term.entity) === premises)),
  )
  const term = termKey === 'landlord' ? oneName(own) : oneDate(own)
  if (!term) return null
  const figure = written(term)
  return {
    cited: [term],
    figure,
    working: [
      `${term.entity ? `${term.entity}, ` : ''}${WHAT[termKey]}: `,
      { item: term, text: term.text, row: term.entity ?? '' },
    ],
  }
}

/**
 * The premises a question names among the terms' (normalised); null when it names none and the
 * documents lease one premises only; undefined when it names none of several, or one they do not hold.
 */
function premisesNamed(question: string, terms: StoredTerm[]): string | null | undefined {
  const words = ` ${normalizeLabel(question)} `
  const all = [...new Set(terms.flatMap((term) => (term.entity ? [normalizeLabel(term.entity)] : [])))]
  const named = all.filter((premises) => words.includes(` ${premises} `))
  // "the shop" inside "the shop and warehouse": the longest name the question holds.
  const longest = named.filter((premises) => !named.some((other) => other !== premises && other.includes(premises)))
  if (longest.length === 1) return longest[0]
  return longest.length === 0 && all.length <= 1 && !namesPremises(question) ? null : undefined
}

// "the lease on the warehouse": a premises the question names, which the terms may not hold.
const namesPremises = (question: string) =>
  /\blease (?:on|for|of) the\b|\bthe \w+(?: \w+)? lease\b(?! end| expir)/i.test(question)

/** The one landlord the terms name, whatever their case and spacing; null when they name two or none. */
function oneName(terms: StoredTerm[]): StoredTerm | null {
  const names = new Set(terms.map((term) => normalizeLabel(term.text)))
  return names.size === 1 ? terms[0]! : null
}

/** The one end the terms state: a day before a year alone, which must agree with it; null when they differ. */
function oneDate(terms: StoredTerm[]): StoredTerm | null {
  const days = new Set(terms.flatMap((term) => (term.date ? [term.date] : [])))
  const years = new Set(terms.map((term) => term.year))
  if (days.size > 1 || years.size !== 1) return null
  return terms.find((term) => term.date) ?? terms[0]!
}

const written = (term: StoredTerm) => (term.date ? calendarDay(term.date, 'long') : term.text)

/** "How many leases end before 2030?": each premises' one end, counted when before (or after) the year. */
function leasesEnding(terms: StoredTerm[], ask: { before: boolean; year: number }): Reading | null {
  const premises = [...new Set(terms.flatMap((term) => (term.entity ? [normalizeLabel(term.entity)] : [])))]
  if (premises.length === 0) return null
  const ends = premises.map((name) =>
    oneDate(
      terms.filter((term) => term.termKey === 'lease_end' && term.entity && normalizeLabel(term.entity) === name),
    ),
  )
  // A premises whose end is not stated once leaves the count open.
  if (ends.some((end) => !end)) return null
  const read = ends as StoredTerm[]
  const counted = read.filter((end) => (ask.before ? end.year! < ask.year : end.year! > ask.year))
  const condition = `${ask.before ? 'before' : 'after'} ${ask.year}`
  return {
    cited: read,
    figure: String(counted.length),
    working: [
      ...read.flatMap((end, index) => [
        `${index === 0 ? '' : '; '}${end.entity}, lease ends: `,
        { item: end, text: end.text, row: end.entity ?? '' },
      ]),
      `; ${counted.length} of ${read.length} end ${condition}`,
    ],
  }
}
