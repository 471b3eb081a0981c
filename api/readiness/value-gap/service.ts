import Decimal from 'decimal.js'
import { eq } from 'drizzle-orm'

import type { Entered, ValueGapEntries } from '../../../shared/readiness'
import { personName, recordEvent } from '../../audit/service'
import type { Deps, OrgCaller } from '../../context'
import { users, valueGapEntries } from '../../db/schema'
import { badRequest } from '../../http-error'
import { canEditValueGap, requireValueGapEditor } from './access'
import {
  CASES,
  computeValueGap,
  type InputSource,
  InvalidValueGapInputs,
  type Sourced,
  sourceText,
  type ValuationInput,
} from './compute'
import type { ValueGapPayload, ValueGapSourcePayload, ValueGapUpdatePayload } from './contract'
import { type Cited, readValueEvidence, type ValueEvidence } from './evidence'
import { ENTRY_FIELDS, type EntryField, type ValueGapPut } from './schema'

/** A source as the API gives it: snake_case, with the sentence a reader is told. */
function sourceOut(source: InputSource): ValueGapSourcePayload {
  const text = sourceText(source.kind === 'entered' ? { ...source, at: source.at.slice(0, 10) } : source)
  return source.kind === 'entered'
    ? { kind: 'entered' as const, by: source.by, at: source.at, text }
    : {
        kind: 'document' as const,
        document_id: source.documentId,
        title: source.title,
        location: source.location,
        quote: source.quote,
        chunk_id: source.chunkId ?? null,
        cell: source.cell ?? null,
        page: source.page ?? null,
        text,
      }
}

const entered = (entry: Entered): Sourced<string> => ({
  value: entry.value,
  source: { kind: 'entered', by: entry.by, at: entry.at },
})

/**
 * One input as used: the entry when there is one (it overrides the document's figure, which is
 * still shown), else the document's, else null with the reason the documents give none.
 */
function input(
  key: EntryField | 'valuation_mid',
  label: string,
  entry: Entered | null | undefined,
  document: Cited | { value: string; source: Cited['source'] } | null,
  reason: string | null,
) {
  const used: Sourced<string> | null = entry ? entered(entry) : document
  return {
    key,
    label,
    value: used?.value ?? null,
    source: used ? sourceOut(used.source) : null,
    document: document ? { value: document.value, source: sourceOut(document.source) } : null,
    overrides_document: Boolean(entry && document),
    reason: used ? null : reason,
  }
}
export type InputOut = ReturnType<typeof input>

const ONLY_ENTERED = 'Not entered yet: an advisor sets it.'

function inputsOf(entries: ValueGapEntries, evidence: ValueEvidence) {
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

const BASIS_TEXT = {
  multiple:
    "Normalized EBITDA (reported EBITDA plus the add-backs) times the advisor's low, mid and high multiples: entered multiples take precedence over a stated valuation.",
  stated:
    'The valuation range stated in the documents or entered, with its stated mid-point or else the middle of the range: no multiples are entered.',
} as const
export type Basis = keyof typeof BASIS_TEXT

const usedOf = (item: InputOut): Sourced<string> | null =>
  item.value === null || !item.source ? null : { value: item.value, source: sourceIn(item.source) }

const sourceIn = (source: ValueGapSourcePayload): InputSource =>
  source.kind === 'entered'
    ? { kind: 'entered', by: source.by, at: source.at }
    : {
        kind: 'document',
        documentId: source.document_id,
        title: source.title,
        location: source.location,
        quote: source.quote,
        ...(source.chunk_id === null ? {} : { chunkId: source.chunk_id }),
        ...(source.cell ? { cell: source.cell } : {}),
        ...(source.page === null ? {} : { page: source.page }),
      }

/** The basis, the computation's valuation and what is still needed, from the inputs as used. */
function plan(inputs: ReturnType<typeof inputsOf>, evidence: ValueEvidence) {
  const needed: string[] = []
  const goal = usedOf(inputs.goal_after_tax)
  const cost = usedOf(inputs.transaction_cost_percent)
  const tax = usedOf(inputs.tax_percent)
  if (!goal)
    needed.push(`The after-tax amount the owner needs: ${inputs.goal_after_tax.reason ?? ''} Enter it below.`.trim())
  if (!cost) needed.push('The transaction cost rate, as a percentage of the sale price.')
  if (!tax) needed.push('The tax rate on the proceeds after costs, as a percentage.')
  const multiples = [usedOf(inputs.multiple_low), usedOf(inputs.multiple_mid), usedOf(inputs.multiple_high)]
  const low = usedOf(inputs.valuation_low)
  const high = usedOf(inputs.valuation_high)
  let basis: Basis | null = null
  let valuation: ValuationInput | null = null
  if (multiples.every(Boolean)) {
    basis = 'multiple'
    const ebitda = usedOf(inputs.ebitda)
    if (!ebitda) needed.push(`Reported EBITDA: ${inputs.ebitda.reason ?? ''} Enter it below.`.trim())
    else
      valuation = {
        kind: 'multiple',
        ebitda,
        addBacks: evidence.addBacks.value?.items ?? [],
        multiples: { low: multiples[0]!, mid: multiples[1]!, high: multiples[2]! },
      }
  } else if (low && high) {
    basis = 'stated'
    valuation = { kind: 'stated', low, high, mid: usedOf(inputs.valuation_mid) }
  } else
    needed.push(
      'A valuation: the low, mid and high multiples of EBITDA, or a valuation range (none is stated in the documents, or it is only half entered).',
    )
  return { basis, valuation, goal, cost, tax, needed }
}

const figure = (value: Decimal) => value.toFixed()

/** The value gap of the caller's organization: every input with its source, and the gap when enough is known. */
export async function getValueGap(deps: Deps, caller: OrgCaller): Promise<ValueGapPayload> {
  const [row, evidence] = await Promise.all([readEntries(deps, caller), readValueEvidence(deps, caller)])
  const entries = row ?? {}
  const inputs = inputsOf(entries, evidence)
  const { basis, valuation, goal, cost, tax, needed } = plan(inputs, evidence)
  let result = null
  let problems: string[] = []
  if (needed.length === 0 && valuation && goal && cost && tax) {
    try {
      const gap = computeValueGap({
        goal: { afterTax: goal, targetDate: usedOf(inputs.target_date) },
        valuation,
        transactionCostPercent: cost,
        taxPercent: tax,
      })
      result = {
        goal: figure(gap.goal),
        normalized_ebitda: gap.normalizedEbitda
          ? { value: figure(gap.normalizedEbitda.value), working: gap.normalizedEbitda.working }
          : null,
        scenarios: CASES.map((name) => {
          const scenario = gap.scenarios[name]
          return {
            case: name,
            enterprise_value: figure(scenario.enterpriseValue),
            transaction_costs: figure(scenario.transactionCosts),
            proceeds_before_tax: figure(scenario.proceedsBeforeTax),
            tax: figure(scenario.tax),
            net_proceeds: figure(scenario.netProceeds),
            gap: figure(scenario.gap),
            outcome: scenario.outcome,
            working: scenario.working,
          }
        }),
      }
    } catch (error) {
      if (!(error instanceof InvalidValueGapInputs)) throw error
      problems = error.messages
    }
  }
  const schedule = evidence.addBacks
  return {
    can_edit: canEditValueGap(caller),
    basis,
    basis_text: basis ? BASIS_TEXT[basis] : null,
    inputs,
    add_backs: {
      items: (schedule.value?.items ?? []).map((item) => ({
        label: item.label,
        value: item.value,
        source: sourceOut(item.source),
      })),
      total: schedule.value
        ? { value: schedule.value.total.value, source: sourceOut(schedule.value.total.source) }
        : null,
      reason: schedule.reason,
      used: basis === 'multiple',
    },
    entries: entriesOut(entries),
    needed,
    problems,
    result,
  }
}

async function readEntries({ db }: Deps, caller: OrgCaller) {
  const [row] = await db
    .select({ entries: valueGapEntries.entries })
    .from(valueGapEntries)
    .where(eq(valueGapEntries.organizationId, caller.organizationId))
  return row?.entries ?? null
}

const FIELDS = Object.keys(ENTRY_FIELDS) as EntryField[]

function entriesOut(entries: ValueGapEntries) {
  return Object.fromEntries(FIELDS.map((field) => [field, entries[ENTRY_FIELDS[field]] ?? null])) as Record<
    EntryField,
    Entered | null
  >
}

// The same figure written another way ("6.50" for "6.5") is no change, and keeps who entered it.
const same = (field: EntryField, a: string, b: string) =>
  field === 'target_date' ? a === b : new Decimal(a).equals(new Decimal(b))

/** The rules between fields, on the entries as they would stand after the change. */
function crossFieldErrors(next: ValueGapEntries) {
  const errors: Record<string, string[]> = {}
  const add = (field: EntryField, message: string) => (errors[field] ??= []).push(message)
  const multiples = { low: next.multipleLow, mid: next.multipleMid, high: next.multipleHigh }
  const given = Object.values(multiples).filter(Boolean).length
  if (given > 0 && given < 3)
    for (const name of CASES)
      if (!multiples[name])
        add(`multiple_${name}`, 'Enter all three multiples (low, mid and high), or clear all three.')
  const value = (entry: Entered | null | undefined) => (entry ? new Decimal(entry.value) : null)
  const [low, mid, high] = [value(multiples.low), value(multiples.mid), value(multiples.high)]
  if (low && mid && low.gt(mid)) add('multiple_low', 'The low multiple must not be above the mid multiple.')
  if (mid && high && mid.gt(high)) add('multiple_mid', 'The mid multiple must not be above the high multiple.')
  const [valuationLow, valuationHigh] = [value(next.valuationLow), value(next.valuationHigh)]
  if (valuationLow && valuationHigh && valuationLow.gt(valuationHigh))
    add('valuation_low', 'The low valuation must not be above the high valuation.')
  return errors
}

/**
 * Sets or clears the advisor's entries. Each changed field records who entered it and when; an
 * unchanged one keeps its own. Checked as a whole before anything is written (a 400 changes
 * nothing), and audited with the fields changed, in the same transaction.
 */
export async function updateValueGap(deps: Deps, caller: OrgCaller, body: ValueGapPut): Promise<ValueGapUpdatePayload> {
  requireValueGapEditor(caller)
  return deps.db.transaction(async (tx) => {
    await tx.insert(valueGapEntries).values({ organizationId: caller.organizationId }).onConflictDoNothing()
    const [row] = await tx
      .select({ entries: valueGapEntries.entries })
      .from(valueGapEntries)
      .where(eq(valueGapEntries.organizationId, caller.organizationId))
      .for('update')
    const [user] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName, username: users.username })
      .from(users)
      .where(eq(users.id, caller.userId))
    const by = personName(user!)
    const at = deps.clock.now().toISOString()
    const current = row!.entries
    const next: ValueGapEntries = { ...current }
    const changes: Partial<Record<EntryField, { from: string | null; to: string | null }>> = {}
    for (const field of FIELDS) {
      const to = body[field]
      if (to === undefined) continue
      const key = ENTRY_FIELDS[field]
      const from = current[key]?.value ?? null
      if (to === null ? from === null : from !== null && same(field, from, to)) continue
      next[key] = to === null ? null : { value: to, by, at }
      changes[field] = { from, to }
    }
    const errors = crossFieldErrors(next)
    if (Object.keys(errors).length) throw badRequest(errors)
    const changed = Object.keys(changes)
    if (changed.length) {
      await tx
        .update(valueGapEntries)
        .set({ entries: next, updatedAt: deps.clock.now() })
        .where(eq(valueGapEntries.organizationId, caller.organizationId))
      await recordEvent(tx, deps.clock, caller, caller.organizationId, {
        action: 'value_gap.updated',
        target: 'Value gap',
        details: { fields: changed, changes },
      })
    }
    return { changed, entries: entriesOut(next) }
  })
}
