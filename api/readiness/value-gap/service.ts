import Decimal from 'decimal.js'
import { eq } from 'drizzle-orm'

import type { Entered, ValueGapEntries } from '../../../shared/readiness'
import { personName, recordEvent } from '../../audit/service'
import { users, valueGapEntries } from '../../db/schema'
import type { Deps, OrgCaller } from '../../kernel/context'
import { badRequest } from '../../kernel/http-error'
import { canEditValueGap, requireValueGapEditor } from './access'
import { CASES, computeValueGap, InvalidValueGapInputs, type ValueGap } from './compute'
import type { ValueGapPayload, ValueGapUpdatePayload } from './contract'
import { readValueEvidence } from './evidence'
import { inputsOf, plan } from './inputs'
import { valueGapPayload, valueGapUpdatePayload } from './payload'
import { ENTRY_FIELDS, type EntryField, type ValueGapPut } from './schema'

/**
 * The value gap of the caller's organization: every input with its source, and the gap when enough
 * is known. `generation`: the organization's search generation, which the evidence is kept under.
 */
export async function getValueGap(deps: Deps, caller: OrgCaller, generation: number): Promise<ValueGapPayload> {
  const day = deps.clock.now().toISOString().slice(0, 10)
  const [row, evidence] = await Promise.all([
    readEntries(deps, caller),
    deps.valueEvidence.get([caller.organizationId, generation, day], () => readValueEvidence(deps, caller)),
  ])
  const entries = row ?? {}
  const inputs = inputsOf(entries, evidence)
  const { basis, valuation, goal, cost, tax, needed } = plan(inputs, evidence)
  let gap: ValueGap | null = null
  let problems: string[] = []
  if (needed.length === 0 && valuation && goal && cost && tax) {
    try {
      gap = computeValueGap({
        goal: { afterTax: goal, targetDate: inputs.target_date.used },
        valuation,
        transactionCostPercent: cost,
        taxPercent: tax,
      })
    } catch (error) {
      if (!(error instanceof InvalidValueGapInputs)) throw error
      problems = error.messages
    }
  }
  return valueGapPayload({
    canEdit: canEditValueGap(caller),
    basis,
    inputs,
    addBacks: evidence.addBacks,
    entries,
    needed,
    problems,
    gap,
  })
}

async function readEntries({ db }: Deps, caller: OrgCaller) {
  const [row] = await db
    .select({ entries: valueGapEntries.entries })
    .from(valueGapEntries)
    .where(eq(valueGapEntries.organizationId, caller.organizationId))
  return row?.entries ?? null
}

const FIELDS = Object.keys(ENTRY_FIELDS) as EntryField[]

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
    return valueGapUpdatePayload(changed, next)
  })
}
