import type { Fact } from '../../api/facts/types'
import type { ReadinessReading } from './readiness-read'

/*
 * Whether an organization's facts hold what the readiness pages must read (issue 45, item 4), each
 * by the plainest rule over the facts: one stated figure is read, none is missing, figures that
 * disagree are missing too (a page would say the documents disagree). This measures the fact layer
 * for the readiness pages before they read it; it is not their reader.
 */

const distinct = (values: string[]) => [...new Set(values)]

/** The one figure the facts state; null for none, and for figures that disagree. */
function theOne(facts: Fact[]): number | null {
  const values = distinct(facts.map((fact) => fact.value))
  return values.length === 1 ? Number(values[0]) : null
}

const OTHERS = /^(?:total\b|all other|other customers|others?\b)/i

function largestCustomerShare(facts: Fact[]) {
  const byEntity = facts.filter(
    (fact) =>
      fact.kind === 'cell' &&
      fact.entityKind === 'customer' &&
      fact.measureKey === 'revenue' &&
      fact.period?.kind === 'year',
  )
  const year = Math.max(...byEntity.map((fact) => fact.period!.year))
  const ofYear = byEntity.filter((fact) => fact.period!.year === year)
  const customers = ofYear.filter((fact) => !OTHERS.test(fact.entity!))
  if (!customers.length) return null
  const largest = Math.max(...customers.map((fact) => Number(fact.value)))
  // A table's Total is the business's revenue only when an "all other customers" row is in it;
  // otherwise it totals the customers listed. The statements' revenue of the year is the base.
  const others = ofYear.some((fact) => /^(?:all )?others?\b|other customers/i.test(fact.entity!))
  const total =
    ofYearFigure(facts, 'revenue', year) ??
    (others ? theOne(ofYear.filter((fact) => /^total\b/i.test(fact.entity!))) : null)
  return total ? Math.round((largest / total) * 10_000) / 100 : null
}

const ofYearFigure = (facts: Fact[], key: string, year: number) =>
  theOne(
    facts.filter(
      (fact) =>
        fact.measureKey === key &&
        !fact.entity &&
        fact.unit !== '%' &&
        fact.period?.kind === 'year' &&
        fact.period.year === year,
    ),
  )

/** The latest year's EBITDA as stated, else operating income plus D&A of that year as stated. */
function latestEbitda(facts: Fact[]) {
  const years = facts.flatMap((fact) =>
    ['ebitda', 'operating_income'].includes(fact.measureKey ?? '') && fact.period?.kind === 'year'
      ? [fact.period.year]
      : [],
  )
  if (!years.length) return null
  const latest = Math.max(...years)
  const stated = ofYearFigure(facts, 'ebitda', latest)
  if (stated !== null) return stated
  const operating = ofYearFigure(facts, 'operating_income', latest)
  const depreciation = ofYearFigure(facts, 'depreciation', latest)
  return operating !== null && depreciation !== null ? operating + Math.abs(depreciation) : null
}

/** Each readiness field as the facts would give it; scored as the pages' readings are (readiness-read.ts). */
export function readingFromFacts(facts: Fact[]): ReadinessReading {
  const valuation = (bound: 'low' | 'high' | 'mid') =>
    theOne(facts.filter((fact) => fact.bound === bound && fact.measureKey === 'enterprise_value'))
  const low = valuation('low')
  const high = valuation('high')
  const needs = facts.filter((fact) => fact.measureKey === 'after_tax_need')
  const dates = distinct(needs.flatMap((fact) => fact.period?.date ?? []))
  const addBacks = facts.filter((fact) => fact.measureKey === 'add_back' && fact.entity && fact.kind === 'cell')
  return {
    valuationLow: low,
    valuationHigh: high,
    valuationMid: valuation('mid') ?? (low !== null && high !== null ? (low + high) / 2 : null),
    afterTaxNeed: theOne(needs),
    targetDate: dates.length === 1 ? dates[0]! : null,
    ebitda: latestEbitda(facts),
    addBacksTotal:
      theOne(facts.filter((fact) => fact.measureKey === 'add_backs_total')) ??
      (addBacks.length
        ? [...new Map(addBacks.map((fact) => [fact.entity, Number(fact.value)])).values()].reduce((a, b) => a + b, 0)
        : null),
    customerShare: largestCustomerShare(facts),
  }
}
