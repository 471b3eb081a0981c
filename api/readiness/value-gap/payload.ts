import type { Entered, ValueGapEntries } from '../../../shared/readiness'
import { CASES, type InputSource, sourceText, type ValueGap } from './compute'
import type { ValueGapInputPayload, ValueGapPayload, ValueGapSourcePayload, ValueGapUpdatePayload } from './contract'
import type { ValueEvidence } from './evidence'
import type { Basis, Input, Inputs } from './inputs'
import { ENTRY_FIELDS, type EntryField } from './schema'

/** A source as the API gives it: snake_case, with the sentence a reader is told. */
function sourcePayload(source: InputSource): ValueGapSourcePayload {
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

const inputPayload = ({ key, label, used, document, overrides, reason }: Input): ValueGapInputPayload => ({
  key,
  label,
  value: used?.value ?? null,
  source: used ? sourcePayload(used.source) : null,
  document: document ? { value: document.value, source: sourcePayload(document.source) } : null,
  overrides_document: overrides,
  reason,
})

const BASIS_TEXT: Record<Basis, string> = {
  multiple:
    "Normalized EBITDA (reported EBITDA plus the add-backs) times the advisor's low, mid and high multiples: entered multiples take precedence over a stated valuation.",
  stated:
    'The valuation range stated in the documents or entered, with its stated mid-point or else the middle of the range: no multiples are entered.',
}

const figure = (value: ValueGap['goal']) => value.toFixed()

function resultPayload(gap: ValueGap): NonNullable<ValueGapPayload['result']> {
  return {
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
}

const FIELDS = Object.keys(ENTRY_FIELDS) as EntryField[]

/** The advisor's entries by the API's field names, each null when not entered. */
const entriesPayload = (entries: ValueGapEntries) =>
  Object.fromEntries(FIELDS.map((field) => [field, entries[ENTRY_FIELDS[field]] ?? null])) as Record<
    EntryField,
    Entered | null
  >

/** GET /value-gap/: every input with its source, the add-backs, and the gap when it was computed. */
export function valueGapPayload(parts: {
  canEdit: boolean
  basis: Basis | null
  inputs: Inputs
  addBacks: ValueEvidence['addBacks']
  entries: ValueGapEntries
  needed: string[]
  problems: string[]
  gap: ValueGap | null
}): ValueGapPayload {
  const { inputs, addBacks } = parts
  return {
    can_edit: parts.canEdit,
    basis: parts.basis,
    basis_text: parts.basis ? BASIS_TEXT[parts.basis] : null,
    inputs: {
      goal_after_tax: inputPayload(inputs.goal_after_tax),
      target_date: inputPayload(inputs.target_date),
      ebitda: { ...inputPayload(inputs.ebitda), period: inputs.ebitda.period },
      valuation_low: inputPayload(inputs.valuation_low),
      valuation_mid: inputPayload(inputs.valuation_mid),
      valuation_high: inputPayload(inputs.valuation_high),
      multiple_low: inputPayload(inputs.multiple_low),
      multiple_mid: inputPayload(inputs.multiple_mid),
      multiple_high: inputPayload(inputs.multiple_high),
      transaction_cost_percent: inputPayload(inputs.transaction_cost_percent),
      tax_percent: inputPayload(inputs.tax_percent),
    },
    add_backs: {
      items: (addBacks.value?.items ?? []).map((item) => ({
        label: item.label,
        value: item.value,
        source: sourcePayload(item.source),
      })),
      total: addBacks.value
        ? { value: addBacks.value.total.value, source: sourcePayload(addBacks.value.total.source) }
        : null,
      reason: addBacks.reason,
      used: parts.basis === 'multiple',
    },
    entries: entriesPayload(parts.entries),
    needed: parts.needed,
    problems: parts.problems,
    result: parts.gap ? resultPayload(parts.gap) : null,
  }
}

/** PUT /value-gap/: the fields changed and the entries as they now stand. */
export const valueGapUpdatePayload = (changed: string[], entries: ValueGapEntries): ValueGapUpdatePayload => ({
  changed,
  entries: entriesPayload(entries),
})
