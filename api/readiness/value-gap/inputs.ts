import type { Entered, ValueGapEntries } from '../../../shared/readiness'
import type { Sourced, ValuationInput } from './compute'
import type { Cited, ValueEvidence } from './evidence'
import type { EntryField } from './schema'

// What the value gap is computed from: each input as used, the advisor's entry over the documents'
// figure, and the basis this leaves. The service computes from these and payload.ts writes them.

const entered = (entry: Entered): Sourced<string> => ({
  value: entry.value,
  source: { kind: 'entered', by: entry.by, at: entry.at },
})

/**
 * One input as used: the entry when there is one (it overrides the document's figure, which is
 * still shown), else the document's, else none, with the reason the documents give none.
 */
export interface Input {
  key: EntryField | 'valuation_mid'
  label: string
  used: Sourced<string> | null
  document: Sourced<string> | null
  /** Whether an entry is used over the document's figure. */
  overrides: boolean
  reason: string | null
}

function input(
  key: Input['key'],
  label: string,
  entry: Entered | null | undefined,
  document: Cited | null,
  reason: string | null,
): Input {
  const cited = document ? { value: document.value, source: document.source } : null
  const used = entry ? entered(entry) : cited
  return { key, label, used, document: cited, overrides: Boolean(entry && cited), reason: used ? null : reason }
}

const ONLY_ENTERED = 'Not entered yet: an advisor sets it.'

export function inputsOf(entries: ValueGapEntries, evidence: ValueEvidence) {
  const { goal, ebitda, valuation } = evidence
  const dateReason = goal.value
    ? "The owner's words name no date the sale is to be done by."
    : 'No document states what the owner needs after tax, nor by when.'
  // The stated mid-point belongs to the stated range: an advisor's own bound leaves it out.
  const statedMid = entries.valuationLow || entries.valuationHigh ? null : (valuation.value?.mid ?? null)
  return {
    goal_after_tax: input(
      'goal_after_tax',
      'After-tax amount the owner needs',
      entries.goalAfterTax,
      goal.value?.afterTax ?? null,
      goal.reason,
    ),
    target_date: input('target_date', 'Target date', entries.targetDate, goal.value?.targetDate ?? null, dateReason),
    ebitda: {
      ...input('ebitda', 'Reported EBITDA', entries.ebitda, ebitda.value, ebitda.reason),
      period: entries.ebitda ? null : (ebitda.value?.period ?? null),
    },
    valuation_low: input(
      'valuation_low',
      'Valuation, low',
      entries.valuationLow,
      valuation.value?.low ?? null,
      valuation.reason,
    ),
    valuation_mid: input(
      'valuation_mid',
      'Valuation, mid',
      null,
      statedMid,
      valuation.value
        ? 'None used: the middle of the range stands for it.'
        : (valuation.reason ?? 'No mid-point is stated.'),
    ),
    valuation_high: input(
      'valuation_high',
      'Valuation, high',
      entries.valuationHigh,
      valuation.value?.high ?? null,
      valuation.reason,
    ),
    multiple_low: input('multiple_low', 'Multiple, low', entries.multipleLow, null, ONLY_ENTERED),
    multiple_mid: input('multiple_mid', 'Multiple, mid', entries.multipleMid, null, ONLY_ENTERED),
    multiple_high: input('multiple_high', 'Multiple, high', entries.multipleHigh, null, ONLY_ENTERED),
    transaction_cost_percent: input(
      'transaction_cost_percent',
      'Transaction costs (%)',
      entries.transactionCostPercent,
      null,
      ONLY_ENTERED,
    ),
    tax_percent: input('tax_percent', 'Tax (%)', entries.taxPercent, null, ONLY_ENTERED),
  }
}
export type Inputs = ReturnType<typeof inputsOf>

export type Basis = 'multiple' | 'stated'

/** The basis, the computation's valuation and what is still needed, from the inputs as used. */
export function plan(inputs: Inputs, evidence: ValueEvidence) {
  const needed: string[] = []
  const goal = inputs.goal_after_tax.used
  const cost = inputs.transaction_cost_percent.used
  const tax = inputs.tax_percent.used
  if (!goal)
    needed.push(`The after-tax amount the owner needs: ${inputs.goal_after_tax.reason ?? ''} Enter it below.`.trim())
  if (!cost) needed.push('The transaction cost rate, as a percentage of the sale price.')
  if (!tax) needed.push('The tax rate on the proceeds after costs, as a percentage.')
  const [low, mid, high] = [inputs.multiple_low.used, inputs.multiple_mid.used, inputs.multiple_high.used]
  let basis: Basis | null = null
  let valuation: ValuationInput | null = null
  if (low && mid && high) {
    basis = 'multiple'
    const ebitda = inputs.ebitda.used
    if (!ebitda) needed.push(`Reported EBITDA: ${inputs.ebitda.reason ?? ''} Enter it below.`.trim())
    else
      valuation = {
        kind: 'multiple',
        ebitda,
        addBacks: evidence.addBacks.value?.items ?? [],
        multiples: { low, mid, high },
      }
  } else if (inputs.valuation_low.used && inputs.valuation_high.used) {
    basis = 'stated'
    valuation = {
      kind: 'stated',
      low: inputs.valuation_low.used,
      high: inputs.valuation_high.used,
      mid: inputs.valuation_mid.used,
    }
  } else
    needed.push(
      'A valuation: the low, mid and high multiples of EBITDA, or a valuation range (none is stated in the documents, or it is only half entered).',
    )
  return { basis, valuation, goal, cost, tax, needed }
}
