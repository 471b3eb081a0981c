import type { scratchBackend } from './beir-corpus'

type Workspace = Pick<Awaited<ReturnType<typeof scratchBackend>>, 'backend' | 'scoped'>

/** What a sale file's readiness pages should read from it, computed from the generated numbers. */
export interface ReadinessGold {
  valuation: { low: number; high: number; mid: number } | null
  goal: { afterTax: number; byDate: string } | null
  ebitda: { value: number; year: number } | null
  addBacksTotal: number | null
  largestCustomerShare: { name: string; percent: number } | null
  /** Per file name, the standard checklist items it provides. */
  checklist: Record<string, string[]>
}

export type ReadOutcome = 'right' | 'missing' | 'wrong'
export interface FieldRead {
  field: string
  outcome: ReadOutcome
  gold: string
  read: string
}

interface Input {
  document: { value: string } | null
}

export const NOT_IN_FILES = '(not in the files)'

const numberOf = (value: string | null | undefined) => (value == null ? null : Number(value))

/** The readiness fields as some reader gives them: null where it reads none. */
export interface ReadinessReading {
  valuationLow: number | null
  valuationHigh: number | null
  valuationMid: number | null
  afterTaxNeed: number | null
  /** ISO date, or at least its year and month. */
  targetDate: string | null
  ebitda: number | null
  addBacksTotal: number | null
  customerShare: number | null
}

/**
 * Reads the value gap, the assessment's proposal for the largest customer and the checklist as the
 * readiness pages show them, and scores each against the gold.
 */
export async function scoreReadiness(workspace: Workspace, gold: ReadinessGold): Promise<FieldRead[]> {
  const api = workspace.backend.api
  const [gap, assessment, checklist] = await Promise.all([
    workspace.scoped(api, '/value-gap/'),
    workspace.scoped(api, '/assessment/'),
    workspace.scoped(api, '/checklist/'),
  ])
  const inputs = gap.inputs as Record<string, Input>
  const stated = (key: string) => numberOf(inputs[key]?.document?.value)
  const low = stated('valuation_low')
  const high = stated('valuation_high')
  const reading: ReadinessReading = {
    valuationLow: low,
    valuationHigh: high,
    valuationMid: stated('valuation_mid') ?? (low !== null && high !== null ? (low + high) / 2 : null),
    afterTaxNeed: stated('goal_after_tax'),
    targetDate: inputs.target_date?.document?.value ?? null,
    ebitda: stated('ebitda'),
    addBacksTotal: numberOf(gap.add_backs?.total?.value),
    customerShare: customerShare(assessment),
  }
  return [...scoreReading(reading, gold), ...checklistReads(gold.checklist, checklist.items)]
}

/**
 * Each field right, missing (none read where the files hold one) or wrong (another figure, or one
 * the files do not hold). A share is right within 0.06 points, as a page writes it to one decimal.
 */
export function scoreReading(reading: ReadinessReading, gold: ReadinessGold): FieldRead[] {
  return [
    figure('valuation low', gold.valuation?.low ?? null, reading.valuationLow),
    figure('valuation high', gold.valuation?.high ?? null, reading.valuationHigh),
    figure('valuation mid', gold.valuation?.mid ?? null, reading.valuationMid),
    figure('after-tax need', gold.goal?.afterTax ?? null, reading.afterTaxNeed),
    month('target date', gold.goal?.byDate ?? null, reading.targetDate),
    figure('latest EBITDA', gold.ebitda?.value ?? null, reading.ebitda),
    figure('add-backs total', gold.addBacksTotal, reading.addBacksTotal),
    figure('largest customer share', gold.largestCustomerShare?.percent ?? null, reading.customerShare, 0.06),
  ]
}

function outcomeOf(goldText: string | null, readText: string | null, same: boolean): ReadOutcome {
  if (readText === null) return goldText === null ? 'right' : 'missing'
  return goldText !== null && same ? 'right' : 'wrong'
}

function figure(field: string, gold: number | null, read: number | null, tolerance = 0.5): FieldRead {
  const same = gold !== null && read !== null && Math.abs(gold - read) <= tolerance
  return {
    field,
    outcome: outcomeOf(gold === null ? null : String(gold), read === null ? null : String(read), same),
    gold: gold === null ? NOT_IN_FILES : String(gold),
    read: read === null ? '(none)' : String(read),
  }
}

/** Owners name a month ("by the end of June 2028"): the day is not held against the reading. */
function month(field: string, gold: string | null, read: string | null): FieldRead {
  const same = gold !== null && read !== null && gold.slice(0, 7) === read.slice(0, 7)
  return { field, outcome: outcomeOf(gold, read, same), gold: gold ?? NOT_IN_FILES, read: read ?? '(none)' }
}

interface Question {
  key: string
  proposal: { evidence: string } | null
}

/** The proposal's evidence says the share: "The largest customer, X, brings about 12.3% of revenue (…)". */
function customerShare(assessment: { sections: Array<{ questions: Question[] }> }) {
  const question = assessment.sections
    .flatMap((section) => section.questions)
    .find((item) => item.key === 'customers.largest-share')
  const written = question?.proposal?.evidence.match(/brings (?:about )?(\d+(?:\.\d+)?)% of revenue/)
  return written ? Number(written[1]) : null
}

interface ChecklistItem {
  key: string
  matches: Array<{ title: string }>
}

/** One read per (file, item) pair either side holds: matched as the gold says, not matched, or matched wrongly. */
function checklistReads(gold: Record<string, string[]>, items: ChecklistItem[]): FieldRead[] {
  const matched = new Set(items.flatMap((item) => item.matches.map((match) => `${match.title}\u0000${item.key}`)))
  const expected = new Set(Object.entries(gold).flatMap(([file, keys]) => keys.map((key) => `${file}\u0000${key}`)))
  const pair = (entry: string) => entry.replace('\u0000', ' → ')
  return [
    ...[...expected].map((entry) => ({
      field: 'checklist item',
      outcome: (matched.has(entry) ? 'right' : 'missing') as ReadOutcome,
      gold: pair(entry),
      read: matched.has(entry) ? pair(entry) : '(not matched)',
    })),
    ...[...matched]
      .filter((entry) => !expected.has(entry))
      .map((entry) => ({
        field: 'checklist item',
        outcome: 'wrong' as const,
        gold: '(not provided)',
        read: pair(entry),
      })),
  ]
}
