import Decimal from 'decimal.js'

import { groupBy } from '../../../shared/group-by'
import { YEAR } from '../../ai/text/calendar'
import { pageSentences } from '../../ai/text/sentences'
import { agreeing } from '../../facts/agreeing'
import { type FactLink, linkFacts } from '../../facts/fact-links'
import { organizationFacts, type StoredFact } from '../../facts/organization-facts'
import type { Deps, OrgCaller } from '../../kernel/context'
import { placeOf, sourceOf, withoutCell } from './fact-sources'
import type { DocumentSource, Finding } from './passage-sources'

/*
 * The value gap's inputs as an organization's documents state them (issue 34, item 2; issue 45,
 * item 4): reported EBITDA of the latest year, the schedule of add-backs, a stated valuation range
 * and the owner's after-tax need. They are read from the facts ingestion stored (api/facts/), so a
 * page view reads no document and runs no retrieval: one statement for the facts, one to link the
 * few it cites to their passages. Each value is cited (document, cell or sentence); a value not
 * found, or found twice with different figures, is null with the reason. An advisor may act on a
 * figure, so none is guessed.
 */

export interface Cited {
  /** The exact figure in units, as a decimal string: "1184000" for "1,184,000", "6800000" for "$6.8 million". */
  value: string
  source: DocumentSource
}

export interface ValueEvidence {
  ebitda: Finding<Cited & { period: string }>
  addBacks: Finding<{ items: Array<Cited & { label: string }>; total: Cited }>
  valuation: Finding<{ low: Cited; high: Cited; mid: Cited | null }>
  goal: Finding<{ afterTax: Cited; targetDate: { value: string; source: DocumentSource } | null }>
}

/** The measures the value gap reads. */
export const VALUE_MEASURES = [
  'ebitda',
  'adjusted_ebitda',
  'operating_income',
  'depreciation',
  'add_back',
  'add_backs_total',
  'enterprise_value',
  'after_tax_need',
]

// A forecast is not what the business earned: a document named for one, or a column of one
// ("2027E", "Budget 2026", "FY2026 forecast").
const FORECAST_DOCUMENT = /\b(?:forecasts?|projections?|projected|budgets?|financial model|business plan)\b/i
const FORECAST_COLUMN = new RegExp(
  String.raw`\b(?:forecasts?|projected|projections?|budgets?|plan|estimated?|target)\b|\b${YEAR}\s?[EFPB]\b`,
  'i',
)
// A schedule's total row, when the table reader placed it as one of the items.
const TOTAL_ITEM = /^(?:total|sum)\b/i

/** Reads the value gap's inputs from the caller's organization's facts. */
export async function readValueEvidence(deps: Deps, caller: Pick<OrgCaller, 'organizationId'>): Promise<ValueEvidence> {
  const facts = await organizationFacts(deps, caller.organizationId, { measureKeys: VALUE_MEASURES })
  const chosen = chooseValueFacts(facts, deps.clock.now())
  const links = await linkFacts(deps, caller.organizationId, citedFacts(chosen))
  return evidenceOf(chosen, links)
}

type Ebitda =
  | { kind: 'stated'; fact: StoredFact }
  | { kind: 'derived'; operating: StoredFact; depreciation: StoredFact; value: Decimal }

/** Which facts each input is read from, before they are cited. */
export interface ValueFacts {
  ebitda: Finding<Ebitda>
  addBacks: Finding<{ items: StoredFact[]; total: StoredFact | null }>
  valuation: Finding<{ low: StoredFact; high: StoredFact; mid: StoredFact | null }>
  goal: Finding<StoredFact>
}

export function chooseValueFacts(facts: StoredFact[], now: Date): ValueFacts {
  const of = (key: string) => facts.filter((fact) => fact.measureKey === key)
  return {
    ebitda: reportedEbitda(facts, now),
    addBacks: addBackSchedule(of('add_back'), of('add_backs_total')),
    valuation: statedValuation(of('enterprise_value')),
    goal: afterTaxNeed(of('after_tax_need')),
  }
}

const none = (reason: string) => ({ value: null, reason }) as const
const found = <T>(value: T) => ({ value, reason: null })

/**
 * Reported EBITDA of the latest year the documents state it, or operating income plus depreciation
 * and amortization of that year when no row states it. The most precise figure wins, provided the
 * others are it rounded to how they are written ("1,614" thousand beside 1,614,060); figures for one
 * year that disagree give none. A forecast, and any year after `now`'s, is no reported figure.
 */
export function reportedEbitda(facts: StoredFact[], now: Date): Finding<Ebitda> {
  const thisYear = now.getUTCFullYear()
  const actual = facts.filter(
    (fact) =>
      !fact.entity &&
      fact.unit !== '%' &&
      fact.period?.kind === 'year' &&
      fact.period.year <= thisYear &&
      !FORECAST_COLUMN.test(fact.period.label) &&
      !FORECAST_DOCUMENT.test(fact.title),
  )
  const ofKey = (key: string) => actual.filter((fact) => fact.measureKey === key)
  const stated = ofKey('ebitda')
  const operating = ofKey('operating_income')
  const years = [...stated, ...operating].map((fact) => fact.period!.year)
  if (years.length === 0) {
    const [adjusted] = ofKey('adjusted_ebitda')
    return none(
      adjusted
        ? `The documents state only "${adjusted.measure}", not EBITDA as reported.`
        : 'No table of the documents has a row of EBITDA for a year.',
    )
  }
  const latest = Math.max(...years)
  const ofLatest = (list: StoredFact[]) => list.filter((fact) => fact.period!.year === latest)
  if (ofLatest(stated).length) {
    const agreed = agreeing(ofLatest(stated))
    return 'disagree' in agreed
      ? none(`The documents state different EBITDA for ${agreed.period}: ${agreed.disagree}.`)
      : found({ kind: 'stated', fact: agreed.fact })
  }
  const income = agreeing(ofLatest(operating))
  const depreciation = ofLatest(ofKey('depreciation'))
  if ('disagree' in income || depreciation.length === 0)
    return none(`The documents state no EBITDA for ${latest}, nor operating income and depreciation to add up.`)
  const amortized = agreeing(depreciation)
  if ('disagree' in amortized)
    return none(`The documents state different depreciation for ${latest}: ${amortized.disagree}.`)
  // Depreciation is written as a cost, with or without its minus sign: it is added back either way.
  const value = new Decimal(income.fact.value).plus(new Decimal(amortized.fact.value).abs())
  return found({ kind: 'derived', operating: income.fact, depreciation: amortized.fact, value })
}

/**
 * The schedule of add-backs: a table's rows of them (of its latest year when it has several), else
 * those a sentence lists. A stated total must be what the rows add up to; without one the rows are
 * added up. Schedules of several documents must agree.
 */
export function addBackSchedule(items: StoredFact[], totals: StoredFact[]): ValueFacts['addBacks'] {
  const named = items.filter((fact) => fact.entity && !TOTAL_ITEM.test(fact.entity))
  const cells = named.filter((fact) => fact.kind === 'cell')
  const schedules = [...groupBy(cells.length ? cells : named, (fact) => fact.documentId).values()].map(latestOf)
  if (schedules.length === 0) return none('No document holds a schedule of add-backs or normalization adjustments.')
  const read = schedules.map((schedule) => {
    const first = schedule[0]!
    const sum = schedule.reduce((total, fact) => total.plus(fact.value), new Decimal(0))
    const stated = [
      ...totals.filter((fact) => fact.documentId === first.documentId),
      ...items.filter((fact) => fact.documentId === first.documentId && TOTAL_ITEM.test(fact.entity ?? '')),
    ].filter((fact) => samePeriod(fact, first))
    const total = stated.find((fact) => fact.kind === first.kind) ?? null
    return { schedule, sum, total, first }
  })
  const [chosen] = read
  const mismatch = read.find(({ sum, total }) => total && !sum.equals(total.value))
  if (mismatch)
    return none(
      `The items of the schedule of add-backs in ${mismatch.first.title} add up to ${mismatch.sum.toFixed()}, but its total row reads ${mismatch.total!.value}.`,
    )
  const sums = new Set(read.map(({ sum }) => sum.toFixed()))
  if (sums.size > 1)
    return none(
      `The documents state different add-backs: ${read.map(({ sum, first }) => `${sum.toFixed()} (${first.title})`).join('; ')}.`,
    )
  return found({ items: chosen!.schedule, total: chosen!.total })
}

const samePeriod = (a: StoredFact, b: StoredFact) => a.period?.label === b.period?.label

/** A schedule's rows of its latest year, one per item, when its columns are years. */
function latestOf(facts: StoredFact[]) {
  const years = facts.flatMap((fact) => (fact.period ? [fact.period.year] : []))
  const latest = years.length ? Math.max(...years) : null
  const ofLatest = latest === null ? facts : facts.filter((fact) => fact.period?.year === latest)
  return [...groupBy(ofLatest, (fact) => fact.entity).values()].map(([first]) => first!)
}

/**
 * A valuation range a document states, with its mid-point when the document names one inside the
 * range. Two documents stating different ranges give none: which one the advisor relies on is
 * theirs to say.
 */
export function statedValuation(facts: StoredFact[]): ValueFacts['valuation'] {
  const ranges = facts.flatMap((low) => {
    if (low.bound !== 'low') return []
    const high = facts.find(
      (fact) => fact.bound === 'high' && fact.documentId === low.documentId && fact.source.quote === low.source.quote,
    )
    if (!high || new Decimal(low.value).gt(high.value)) return []
    const mids = [
      ...new Map(
        facts
          .filter(
            (fact) =>
              fact.bound === 'mid' &&
              fact.documentId === low.documentId &&
              new Decimal(fact.value).gte(low.value) &&
              new Decimal(fact.value).lte(high.value),
          )
          .map((fact) => [fact.value, fact]),
      ).values(),
    ]
    return [{ low, high, mid: mids.length === 1 ? mids[0]! : null }]
  })
  if (ranges.length === 0) return none('No document states a valuation range.')
  const distinct = new Set(ranges.map(({ low, high }) => `${low.value}–${high.value}`))
  if (distinct.size > 1)
    return none(
      `The documents state different valuation ranges: ${ranges
        .map(({ low, high }) => `${low.value}–${high.value} (${low.title})`)
        .join('; ')}.`,
    )
  return found(ranges[0]!)
}

/** What the owner needs after tax, in their own words; the figures of several sentences must agree. */
export function afterTaxNeed(facts: StoredFact[]): ValueFacts['goal'] {
  if (facts.length === 0) return none('No document states what the owner needs after tax from the sale.')
  const figures = new Set(facts.map((fact) => fact.value))
  if (figures.size > 1)
    return none(
      `The documents state different after-tax needs: ${facts.map((fact) => `${fact.value} (${fact.title})`).join('; ')}.`,
    )
  return found(facts.find((fact) => fact.period?.date) ?? facts[0]!)
}

/** The facts the evidence cites, to be linked to their passages. */
export function citedFacts({ ebitda, addBacks, valuation, goal }: ValueFacts): StoredFact[] {
  const figure = ebitda.value
  return [
    ...(figure ? (figure.kind === 'stated' ? [figure.fact] : [figure.operating, figure.depreciation]) : []),
    ...(addBacks.value ? [...addBacks.value.items, ...(addBacks.value.total ? [addBacks.value.total] : [])] : []),
    ...(valuation.value ? [valuation.value.low, valuation.value.high, valuation.value.mid ?? []].flat() : []),
    ...(goal.value ? [goal.value] : []),
  ]
}

/** The chosen facts as the value gap cites them. */
export function evidenceOf(chosen: ValueFacts, links: Map<StoredFact, FactLink>): ValueEvidence {
  const cite = (fact: StoredFact): Cited => ({ value: fact.value, source: sourceOf(fact, links.get(fact)) })
  const { ebitda, addBacks, valuation, goal } = chosen
  return {
    ebitda: ebitda.value ? found(ebitdaOf(ebitda.value, links)) : ebitda,
    addBacks: addBacks.value
      ? found({
          items: addBacks.value.items.map((fact) => ({ label: fact.entity!, ...cite(fact) })),
          total: addBacks.value.total ? cite(addBacks.value.total) : summed(addBacks.value.items, links),
        })
      : addBacks,
    valuation: valuation.value
      ? found({
          low: cite(valuation.value.low),
          high: cite(valuation.value.high),
          mid: valuation.value.mid ? cite(valuation.value.mid) : null,
        })
      : valuation,
    goal: goal.value
      ? found({ afterTax: cite(goal.value), targetDate: deadlineOf(goal.value, links.get(goal.value)) })
      : goal,
  }
}

function ebitdaOf(ebitda: Ebitda, links: Map<StoredFact, FactLink>): Cited & { period: string } {
  if (ebitda.kind === 'stated') {
    const { fact } = ebitda
    return { value: fact.value, period: fact.period!.label, source: sourceOf(fact, links.get(fact)) }
  }
  const operating = sourceOf(ebitda.operating, links.get(ebitda.operating))
  const depreciation = sourceOf(ebitda.depreciation, links.get(ebitda.depreciation))
  return {
    value: ebitda.value.toFixed(),
    period: ebitda.operating.period!.label,
    source: {
      ...operating,
      location: `${operating.location} plus ${depreciation.location}`,
      quote: `${operating.quote} + ${depreciation.quote}`,
    },
  }
}

/** A schedule without a total row: the sum of its rows, the working as the quote. */
function summed(items: StoredFact[], links: Map<StoredFact, FactLink>): Cited {
  const first = sourceOf(items[0]!, links.get(items[0]!))
  const sum = items.reduce((total, fact) => total.plus(fact.value), new Decimal(0))
  const place = placeOf(items[0]!)
  return {
    value: sum.toFixed(),
    source: {
      ...withoutCell(first),
      location: place ? `${place}, the sum of the schedule's rows` : "the sum of the schedule's rows",
      quote: `${items.map((fact) => fact.value).join(' + ')} = ${sum.toFixed()}`,
    },
  }
}

/** The date the owner wants the sale done by, quoting the sentence that says it: the need's own, or one after it. */
function deadlineOf(need: StoredFact, link: FactLink | undefined) {
  const period = need.period
  if (!period?.date) return null
  const source = withoutCell(sourceOf(need, link))
  if (need.source.quote.includes(period.label)) return { value: period.date, source }
  const at = link ? link.passage.indexOf(need.source.quote) : -1
  const after = at < 0 ? [] : pageSentences(link!.passage.slice(at + need.source.quote.length))
  const said = after.find((sentence) => sentence.includes(period.label))
  return { value: period.date, source: said ? { ...source, quote: said } : source }
}
