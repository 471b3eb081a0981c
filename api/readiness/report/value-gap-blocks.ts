import { groupedAmount, statedCell } from '../../../shared/figures'
import { dayIn } from '../../../shared/time-zones'
import { CASE_LABELS, shownValue, VALUE_GAP_ROWS } from '../../../shared/value-gap'
import { type Block, citeMarks, paragraph, type referenceList } from '../../exports/report'
import type { ValueGapPayload, ValueGapSourcePayload } from '../value-gap/contract'

type Input = ValueGapPayload['inputs'][keyof ValueGapPayload['inputs']]

/**
 * The value gap: what a sale would leave the owner, low, mid and high, against what they need, with
 * every input and where it came from — a cited document [n], or who entered it — and the working.
 * Not enough known: the report says what is missing, and computes nothing. Who entered a figure is
 * dated on the calendar of `zone`, the reader's.
 */
export function valueGapBlocks(
  gap: ValueGapPayload,
  { cite }: ReturnType<typeof referenceList>,
  zone: string,
): Block[] {
  const blocks: Block[] = [{ kind: 'heading', text: 'Value gap' }]
  const { result } = gap
  if (result) {
    if (gap.basis_text) blocks.push(paragraph(`Valuation basis: ${gap.basis_text}`))
    blocks.push({
      kind: 'table',
      header: ['', ...result.scenarios.map((scenario) => CASE_LABELS[scenario.case])],
      rows: VALUE_GAP_ROWS.map(([label, cell]) => [
        label,
        ...result.scenarios.map((scenario) => cell(scenario, result.goal)),
      ]),
    })
  } else {
    blocks.push(paragraph('The gap is not computed until these are known:'))
    blocks.push({
      kind: 'list',
      ordered: false,
      items: [...gap.needed, ...gap.problems].map((text) => [{ text }]),
    })
  }
  const sourceCell = (source: ValueGapSourcePayload) =>
    source.kind === 'entered'
      ? `entered by ${source.by} on ${dayIn(source.at, zone)}`
      : `${source.title} ${citeMarks([cite({ document: source.title, location: source.location, quote: quoted(source) })])}`
  const sourced = (input: Input) => (input.source ? sourceCell(input.source) : (input.reason ?? '—'))
  blocks.push({
    kind: 'table',
    header: ['Input', 'Value', 'Source'],
    rows: Object.values(gap.inputs).map((input) => [
      input.label,
      input.value === null ? 'Not known' : shownValue(input.key, input.value),
      sourced(input),
    ]),
  })
  if (gap.add_backs.used && gap.add_backs.items.length)
    blocks.push({
      kind: 'table',
      header: ['Add-back', 'Amount', 'Source'],
      rows: gap.add_backs.items.map((item) => [item.label, shownValue('', item.value), sourceCell(item.source)]),
    })
  if (result) {
    blocks.push({ kind: 'heading', text: 'How the value gap is worked out' })
    if (result.normalized_ebitda) blocks.push(paragraph(result.normalized_ebitda.working))
    for (const scenario of result.scenarios)
      blocks.push({
        kind: 'list',
        ordered: true,
        items: scenario.working.map((step) => [{ text: `${CASE_LABELS[scenario.case]}: ${step}` }]),
      })
  }
  return blocks
}

// A working of figures read from cells ("85000 + 42500 + 38000 = 165500").
const WORKING = /^[\d.,\s+=()−-]+$/

/**
 * A document's words as the report quotes them: a cell as a reader reads it, with the unit its
 * sheet, row or column names ("$3,900,000"), a working's amounts grouped; a sentence as written.
 */
function quoted(source: Extract<ValueGapSourcePayload, { kind: 'document' }>) {
  if (WORKING.test(source.quote) && /[+=]/.test(source.quote)) return groupedAmount(source.quote)
  return statedCell(source.quote, source.location)
}
