import Decimal from 'decimal.js'

import { analyze } from '../../ai/retrieval/analyzer'
import {
  type Computation,
  describe,
  formatNumber,
  type Operand,
  type Part,
  total,
  writeParts,
} from '../../ai/tables/compute'
import type { StoredFact } from '../organization-facts'
import { wholeFor } from './composite-strategies'
import type { FactQuestion } from './fact-question'
import { explained, statedOnce } from './figures'
import { rangesOf } from './range-strategies'
import type { FactStrategy } from './strategy'

/*
 * Adjusted (normalized) EBITDA and what an advisor computes from it (issue 45, item 3): EBITDA
 * after the add-backs, the business's value at a multiple of it, and the multiple a concluded value
 * implies. Adjusted EBITDA is the figure the documents state for the year; where none is stated, it
 * is the year's reported EBITDA plus its add-backs (their stated total, else the one schedule that
 * lists them), each cited.
 */

/** The measures a question about adjusted EBITDA or the add-backs may be computed from. */
export const BEHIND_ADJUSTED = ['adjusted_ebitda', 'ebitda', 'add_back', 'add_backs_total']

// Words that say what adjusted EBITDA is or what is done with it, which name nothing else.
const ADJUSTED_WORDS = new Set(
  analyze(
    'after once including included include with plus owner owners would worth business company value multiple ' +
      'imply implies implied concluded middle midpoint mid range valuation give gives',
  ),
)

const ofYear = (facts: StoredFact[], measureKey: string, year: number, entity = false) =>
  facts.filter(
    (fact) =>
      fact.measureKey === measureKey &&
      (fact.kind === 'cell' || fact.kind === 'prose') &&
      !fact.bound &&
      fact.unit !== '%' &&
      fact.period?.kind === 'year' &&
      fact.period.year === year &&
      (entity ? fact.entity !== null : fact.entity === null),
  )

/** The one figure the documents state, or none when they state none or disagree. */
/** The year's add-backs: their stated total, else the items of the one document that lists them. */
function addBacks(facts: StoredFact[], year: number): StoredFact[] | null {
  const total = statedOnce(ofYear(facts, 'add_backs_total', year))
  if (total) return [total]
  const items = ofYear(facts, 'add_back', year, true)
  const documents = new Set(items.map((fact) => fact.documentId))
  return documents.size === 1 ? items : null
}

/** Adjusted EBITDA for a year: stated, or reported EBITDA followed by the add-backs. */
function adjustedFor(facts: StoredFact[], year: number): { facts: StoredFact[]; stated: boolean } | null {
  const adjusted = statedOnce(ofYear(facts, 'adjusted_ebitda', year))
  if (adjusted) return { facts: [adjusted], stated: true }
  const ebitda = reportedEbitda(facts, year)
  const added = ebitda && addBacks(facts, year)
  return added ? { facts: [...ebitda, ...added], stated: false } : null
}

/** Reported EBITDA for a year: stated (in a table or a sentence), else operating income plus D&A. */
function reportedEbitda(facts: StoredFact[], year: number): StoredFact[] | null {
  const stated = statedOnce(ofYear(facts, 'ebitda', year))
  return stated ? [stated] : wholeFor(facts, 'ebitda', year)
}

/** The year asked, else the latest one whose adjusted EBITDA is stated or whose add-backs are listed. */
function yearOf(question: FactQuestion, facts: StoredFact[]): number | undefined {
  if (question.years.length > 1 || question.lastYears !== null) return undefined
  if (question.years.length === 1) return question.years[0]
  const years = facts
    .filter((fact) => ['adjusted_ebitda', 'add_back', 'add_backs_total'].includes(fact.measureKey ?? ''))
    .flatMap((fact) => (fact.period?.kind === 'year' ? [fact.period.year] : []))
  return years.length ? Math.max(...years) : undefined
}

/** Adjusted EBITDA's operands summed, as the working writes them: "347,000 + 436,000". */
function adjustedParts(operands: Operand[]): { value: Decimal; parts: Part[] } {
  const value = total(operands)
  const parts = operands.flatMap((operand, index): Part[] => [
    index === 0 ? '' : ' + ',
    { operand, text: formatNumber(operand.value) },
  ])
  return { value, parts: operands.length > 1 ? ['(', ...parts, ')'] : parts }
}

/** What a multiple applies to: adjusted EBITDA when the question says so, else reported EBITDA. */
function baseFor(question: FactQuestion, facts: StoredFact[], year: number): StoredFact[] | null {
  if (asks(question, 'adjusted_ebitda', 'add_back')) return adjustedFor(facts, year)?.facts ?? null
  return reportedEbitda(facts, year)
}

const asks = (question: FactQuestion, ...keys: string[]) => keys.some((key) => question.measureKeys.includes(key))
const onlyOf = (question: FactQuestion, keys: string[]) => question.measureKeys.every((key) => keys.includes(key))
// "4.0x" leaves "0x" among the terms once its point is read as a break.
const explainedHere = (question: FactQuestion) =>
  explained(
    {
      ...question,
      otherTerms: question.otherTerms.filter((term) => !ADJUSTED_WORDS.has(term) && !/^\d*x$/.test(term)),
    },
    [],
  )

function reading(question: FactQuestion, facts: StoredFact[]) {
  const year = yearOf(question, facts)
  return year === undefined ? null : adjustedFor(facts, year)
}

/** "What is adjusted EBITDA for FY24 after the add-backs?", "And after the add-backs?" (after an EBITDA question). */
const adjustedEbitda: FactStrategy = {
  name: 'adjusted-ebitda',
  answer(question, facts) {
    if (question.operation !== 'lookup' || question.statesFigure || !asks(question, 'adjusted_ebitda')) return null
    if (!onlyOf(question, ['adjusted_ebitda', 'add_back', 'add_backs_total']) || !explainedHere(question)) return null
    const found = reading(question, facts)
    return (
      found && {
        facts: found.facts,
        compute: (operands, { scale, unit }): Computation => {
          const { value, parts } = adjustedParts(operands)
          const display = describe(value, scale, unit)
          const all = found.stated ? parts : [...parts.slice(1, -1), ` = ${display}`]
          return { value, display, scale, unit, derivation: writeParts(all), parts: all }
        },
      }
    )
  },
}

/** "At a 4.0x multiple of adjusted EBITDA, what would the business be worth?": the multiple times it. */
const valueAtMultiple: FactStrategy = {
  name: 'value-at-multiple',
  answer(question, facts) {
    const multiple = question.multiple
    // "What enterprise value does 3.5x normalized EBITDA give?" names the value it asks for.
    if (!multiple || !onlyOf(question, ['adjusted_ebitda', 'ebitda', 'add_back', 'enterprise_value'])) return null
    if (!asks(question, 'adjusted_ebitda', 'ebitda', 'add_back')) return null
    if (!explainedHere(question)) return null
    const year = yearOf(question, facts)
    const found = year === undefined ? null : baseFor(question, facts, year)
    return (
      found && {
        facts: found,
        compute: (operands, { scale, unit }): Computation => {
          const { value: base, parts } = adjustedParts(operands)
          const value = base.times(multiple)
          const display = describe(value, scale, unit)
          const all = [...parts, ` × ${multiple} = ${display}`]
          return { value, display, scale, unit, derivation: writeParts(all), parts: all }
        },
      }
    )
  },
}

/**
 * The value a valuation concludes on: the point it states (its concluded value, the midpoint it
 * names), else the middle of the one range it gives; the middle when the question asks for it.
 */
function concludedValue(question: FactQuestion, facts: StoredFact[]): StoredFact[] | null {
  const points = facts.filter(
    (fact) =>
      fact.measureKey === 'enterprise_value' &&
      fact.kind === 'prose' &&
      (fact.bound === 'mid' || (!fact.bound && !/\b(?:range|between)\b/i.test(fact.source.quote))),
  )
  const middle = MIDDLE.test(question.words)
  const point = statedOnce(middle ? points.filter((fact) => fact.bound === 'mid') : points)
  if (point) return [point]
  const ranges = rangesOf(facts, 'enterprise_value')
  const distinct = new Set(ranges.map(([low, high]) => `${low.value}-${high.value}`))
  return distinct.size === 1 ? [...ranges[0]!] : null
}

const MIDDLE = /\b(?:middle|midpoint|mid point|mid)\b/

/** "What multiple of adjusted EBITDA does the concluded value in the valuation imply?": value ÷ adjusted EBITDA. */
const impliedMultiple: FactStrategy = {
  name: 'implied-multiple',
  answer(question, facts) {
    if (!/\bmultiple\b/.test(question.words) || question.multiple) return null
    if (!asks(question, 'enterprise_value') || !asks(question, 'adjusted_ebitda', 'ebitda')) return null
    if (!onlyOf(question, ['enterprise_value', 'adjusted_ebitda', 'ebitda', 'add_back']) || !explainedHere(question))
      return null
    const worth = concludedValue(question, facts)
    const year = worth ? yearOf(question, facts) : undefined
    const base = year === undefined ? null : baseFor(question, facts, year)
    return (
      worth &&
      base && {
        facts: [...worth, ...base],
        compute: (operands): Computation | null => {
          const ends = operands.slice(0, worth.length)
          const { value: divisor, parts } = adjustedParts(operands.slice(worth.length))
          if (divisor.isZero()) return null
          const value = total(ends).dividedBy(ends.length)
          const multiple = value.dividedBy(divisor).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
          const display = `${formatNumber(multiple, 2)}x`
          const stated: Part[] = ends.flatMap((end, index): Part[] => [
            index === 0 ? '' : ' + ',
            { operand: end, text: formatNumber(end.value) },
          ])
          const all: Part[] = [
            ...(ends.length > 1 ? ['(', ...stated, ') / 2'] : stated),
            ' / ',
            ...parts,
            ` = ${display}`,
          ]
          return { value: multiple, display, scale: null, unit: null, derivation: writeParts(all), parts: all }
        },
      }
    )
  },
}

export const ADJUSTED_STRATEGIES: readonly FactStrategy[] = [adjustedEbitda, valueAtMultiple, impliedMultiple]
