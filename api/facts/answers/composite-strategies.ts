import {
  average,
  compoundGrowth,
  type Computation,
  describe,
  difference,
  type Operand,
  ratio,
  sum as sumOf,
  total,
  writeParts,
} from '../../ai/tables/compute'
import type { StoredFact } from '../organization-facts'
import type { FactQuestion } from './fact-question'
import { changeYears, explained, figureFor, periodCells, spannedYears } from './figures'
import type { FactStrategy } from './strategy'

/*
 * Figures a statement may not state but does state the parts of (issue 45, item 3): EBITDA, total
 * debt, and a term loan with its current portion, as a lender counts it. Where no figure of the
 * whole is stated for a year, it is the sum of the parts one document states for it: every part
 * required, and those of the optional ones it lists (a line of credit not drawn is often left off
 * a balance sheet). EBITDA is operating income plus depreciation and amortization, as the value
 * gap reads it.
 */

interface Composite {
  /** The parts every document that gives the whole states, the first read first. */
  required: string[]
  optional: string[]
}

const COMPOSITES: Record<string, Composite> = {
  ebitda: { required: ['operating_income', 'depreciation'], optional: [] },
  total_debt: { required: ['term_loan'], optional: ['current_debt', 'revolver'] },
  term_loan_whole: { required: ['term_loan'], optional: ['current_debt'] },
}

/** The measures a question about a whole may be computed from. */
export const BEHIND_COMPOSITES: Record<string, string[]> = Object.fromEntries(
  Object.entries(COMPOSITES).map(([key, { required, optional }]) => [key, [...required, ...optional]]),
)

/**
 * A whole's figure for a year (or a quarter of it): stated, or its parts from the one document that
 * states the first required one.
 */
export function wholeFor(facts: StoredFact[], key: string, year: number, quarter: number | null = null) {
  const stated = figureFor(periodCells(facts, key, quarter), null, year)
  if (stated) return [stated]
  const { required, optional } = COMPOSITES[key]!
  const base = figureFor(periodCells(facts, required[0]!, quarter), null, year)
  if (!base) return null
  const sameDocument = facts.filter((fact) => fact.documentId === base.documentId)
  const figureOf = (part: string) => figureFor(periodCells(sameDocument, part, quarter), null, year)
  const others = required.slice(1).map(figureOf)
  // An optional part the document states for other dates but not this one leaves the whole open.
  const listed = optional.flatMap((part) => (periodCells(sameDocument, part, quarter).length ? [figureOf(part)] : []))
  const parts = [...others, ...listed]
  return parts.every(Boolean) ? [...(parts as StoredFact[]), base] : null
}

const wholeAsked = (question: FactQuestion) => question.measureKeys.find((key) => key in COMPOSITES)

/** "What was total debt at June 30, 2024?" */
const compositeLookup: FactStrategy = {
  name: 'composite-lookup',
  answer(question, facts) {
    const key = wholeAsked(question)
    if (question.operation !== 'lookup' || !key || question.measureKeys.length !== 1 || question.statesFigure)
      return null
    if (question.years.length !== 1 || !explained(question, [])) return null
    const found = wholeFor(facts, key, question.years[0]!, question.quarter)
    return found && { facts: found, compute: (operands, { scale, unit }) => added(operands, scale, unit) }
  },
}

/** "How much did the term loan (current portion included) decrease during FY2025?" */
const compositeChange: FactStrategy = {
  name: 'composite-change',
  answer(question, facts) {
    const key = wholeAsked(question)
    if (question.operation !== 'difference' || !key || question.measureKeys.length !== 1 || question.statesFigure)
      return null
    const years = changeYears(question)
    if (!years || !explained(question, [])) return null
    const [earlier, later] = [
      wholeFor(facts, key, years[0], question.quarter),
      wholeFor(facts, key, years[1], question.quarter),
    ]
    if (!earlier || !later) return null
    return {
      facts: [...later, ...earlier],
      compute: (operands, { scale, unit }) => {
        const [end, start] = [
          added(operands.slice(0, later.length), scale, unit),
          added(operands.slice(later.length), scale, unit),
        ]
        const computed = difference(
          asOperand(end, operands[0]!),
          asOperand(start, operands[later.length]!),
          scale,
          unit,
        )
        const fall = question.direction === 'down' && computed.value.isNegative()
        const value = fall ? computed.value.abs() : computed.value
        const display = describe(value, scale, unit)
        const parts = [
          '(',
          ...end.parts,
          ') − (',
          ...start.parts,
          fall ? `) = −${display}, a fall of ${display}` : `) = ${display}`,
        ]
        return { value, display, scale, unit, derivation: writeParts(parts), parts }
      },
    }
  },
}

/**
 * "What was total debt at the end of FY2024 as a multiple of FY2024 EBITDA?", "What was the EBITDA
 * margin in 2022?": one measure over another, either of them (or both) a whole added up from parts.
 */
const compositeRatio: FactStrategy = {
  name: 'composite-ratio',
  answer(question, facts) {
    const share = question.operation === 'share'
    if ((question.operation !== 'ratio' && !share) || !wholeAsked(question) || question.statesFigure) return null
    const [first, second] = question.measureKeys
    if (question.measureKeys.length !== 2 || first === second || new Set(question.years).size !== 1) return null
    if (!explained(question, [])) return null
    const year = question.years[0]!
    const sideOf = (key: string) =>
      key in COMPOSITES
        ? wholeFor(facts, key, year, question.quarter)
        : [figureFor(periodCells(facts, key, question.quarter), null, year)]
    const [part, whole] = [sideOf(first!), sideOf(second!)]
    if (!part || !whole || [...part, ...whole].some((fact) => !fact)) return null
    const [above, below] = [part as StoredFact[], whole as StoredFact[]]
    return {
      facts: [...above, ...below],
      compute: (operands, { scale, unit }): Computation | null => {
        const [top, bottom] = [operands.slice(0, above.length), operands.slice(above.length)]
        const [numerator, denominator] = [added(top, scale, unit), added(bottom, scale, unit)]
        const quotient = ratio(asOperand(numerator, top[0]!), asOperand(denominator, bottom[0]!), share)
        if (!quotient) return null
        const side = (sum: Computation, own: Operand[]) => (own.length === 1 ? sum.parts : ['(', ...sum.parts, ')'])
        const parts = [...side(numerator, top), ' / ', ...side(denominator, bottom), ` = ${quotient.display}`]
        return { ...quotient, derivation: writeParts(parts), parts }
      },
    }
  },
}

/** "What was EBITDA from FY2022 through FY2024, combined?", its average, its compound growth: a whole's years. */
const compositeYears: FactStrategy = {
  name: 'composite-years',
  answer(question, facts) {
    const key = wholeAsked(question)
    const { operation } = question
    if (operation !== 'sum' && operation !== 'average' && operation !== 'cagr') return null
    if (!key || question.measureKeys.length !== 1 || question.statesFigure || !explained(question, [])) return null
    const held = [
      ...new Set(
        [...periodCells(facts, key, null), ...periodCells(facts, COMPOSITES[key]!.required[0]!, null)]
          .filter((fact) => fact.entity === null)
          .map((fact) => fact.period!.year),
      ),
    ].sort((a, b) => a - b)
    const spanned = spannedYears(question, held)
    const years = operation === 'cagr' && spanned ? [spanned[0]!, spanned.at(-1)!] : spanned
    const wholes = years?.map((year) => wholeFor(facts, key, year))
    if (!years || !wholes || wholes.some((whole) => !whole)) return null
    const each = wholes as StoredFact[][]
    return {
      facts: each.flat(),
      compute: (operands, { scale, unit }): Computation | null => {
        let next = 0
        const sums = each.map((whole) => {
          const own = operands.slice(next, (next += whole.length))
          return { own, sum: added(own, scale, unit) }
        })
        const totals = sums.map(({ own, sum }) => asOperand(sum, own[0]!))
        const result =
          operation === 'cagr'
            ? compoundGrowth(totals[1]!, totals[0]!, years.at(-1)! - years[0]!)
            : (operation === 'sum' ? sumOf : average)(totals, scale, unit)
        if (!result) return null
        const parts = [
          ...sums.flatMap(({ own, sum }, index) => [
            `${index === 0 ? '' : '; '}${years[index]}: `,
            ...sum.parts,
            ...(own.length > 1 ? [` = ${sum.display}`] : []),
          ]),
          `; ${operation === 'cagr' ? 'compound annual growth' : operation === 'sum' ? 'total' : 'average'} ${result.display}`,
        ]
        return { ...result, derivation: writeParts(parts), parts }
      },
    }
  },
}

/** The parts added, as the working writes them: "420 + 1,180 = 1,600"; a whole stated is its cell. */
function added(operands: Operand[], scale: Computation['scale'], unit: string | null): Computation {
  const value = total(operands)
  const display = describe(value, scale, unit)
  const parts = operands.flatMap((operand, index) => [index === 0 ? '' : ' + ', { operand, text: operand.cell.text }])
  return { value, display, scale, unit, derivation: writeParts(parts), parts }
}

/** A sum taken as one operand of the next step, for its value: the working cites its parts. */
const asOperand = (sum: Computation, first: Operand): Operand => ({ value: sum.value, cell: first.cell })

export const COMPOSITE_STRATEGIES: readonly FactStrategy[] = [
  compositeLookup,
  compositeChange,
  compositeRatio,
  compositeYears,
]
