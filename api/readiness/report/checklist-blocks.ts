import { calendarDay } from '../../../shared/calendar'
import { CHECKLIST_SECTIONS, CHECKLIST_STATUS_LABELS } from '../../../shared/checklist'
import { type Block, paragraph } from '../../exports/report'
import type { ChecklistPayload } from '../checklist/contract'

/**
 * The due-diligence checklist as a buyer's request list reads on paper: the completeness figure,
 * then per section each item with its status, the document that answers it or why none does, and
 * who owes it by when.
 */
export function checklistBlocks(checklist: ChecklistPayload): Block[] {
  const { completeness } = checklist
  const blocks: Block[] = [
    { kind: 'heading', text: 'Due-diligence checklist' },
    paragraph(
      `${completeness.text}. Probably present, to confirm: ${completeness.probable}. Stale: ${completeness.stale}. ` +
        `Missing: ${completeness.missing}. Not applicable: ${completeness.not_applicable}. ` +
        `${checklist.documents_checked} documents checked.`,
    ),
  ]
  for (const section of CHECKLIST_SECTIONS) {
    const items = checklist.items.filter((item) => item.section === section)
    if (!items.length) continue
    blocks.push({
      kind: 'table',
      header: [section, 'Status', 'Found in, or why not', 'Owed by'],
      rows: items.map((item) => [
        item.title,
        CHECKLIST_STATUS_LABELS[item.not_applicable ? 'not_applicable' : item.status],
        item.not_applicable ? item.not_applicable_reason : foundIn(item),
        [item.assignee?.name, item.due_date && `due ${calendarDay(item.due_date)}`].filter(Boolean).join(', ') || '—',
      ]),
    })
  }
  return blocks
}

type Item = ChecklistPayload['items'][number]

/** The documents that answer an item, and for anything short of present, what is wanting. */
function foundIn(item: Item) {
  const titles = item.matches.map((match) => match.title).join('; ')
  if (item.status === 'present') return titles
  return titles ? `${titles}. ${item.reason}` : item.reason
}
