/**
 * The heaviest things a member can have rendered (issue 43, findings 1, 2 and 4): chat messages at
 * MAX_MESSAGE whose tables cost the renderers far more than their length, and the readiness report
 * with the most tasks of the longest titles. The unit tests render them; the benchmark
 * (`npm run bench -- --only=rendering`) times them.
 */
import type { Report } from '../../api/exports/report'
import { MAX_TASK_TITLE, MAX_TASKS } from '../../shared/actions'
import { MAX_MESSAGE } from '../../shared/chat'

/** One GFM table row of `count` cells. */
const row = (cell: string, count: number) => Array.from({ length: count }, () => cell).join('|')

/**
 * Finding 2: a header of 1,000 columns over 1,998 rows of one cell each, 7,996 characters. GFM pads
 * every row to the header's width, so the page would hold about two million cells.
 */
export const WIDE_TABLE_COLUMNS = 1_000
export const WIDE_TABLE_ROWS = 1_998
export const WIDE_TABLE = `${row('a', WIDE_TABLE_COLUMNS)}\n${row('-', WIDE_TABLE_COLUMNS)}\n${'a\n'.repeat(WIDE_TABLE_ROWS)}`

/** Finding 1: 20 columns whose only body cell is one word of 7,800 characters. */
export const LONG_WORD_COLUMNS = 20
export const LONG_WORD = 'x'.repeat(7_800)
export const LONG_WORD_TABLE = `${row('h', LONG_WORD_COLUMNS)}\n${row('-', LONG_WORD_COLUMNS)}\n${LONG_WORD}\n`

if (WIDE_TABLE.length > MAX_MESSAGE || LONG_WORD_TABLE.length > MAX_MESSAGE)
  throw new Error('A rendering shape must be a message the chat accepts.')

/** A report of one Markdown message as the conversation export makes it. */
export const messageReport = (blocks: Report['blocks']): Report => ({
  kind: 'Conversation',
  title: 'Bench conversation',
  organization: 'Demo Advisory Group',
  date: new Date('2026-11-29T12:00:00Z'),
  details: ['1 messages'],
  blocks: [{ kind: 'heading', text: 'Question' }, ...blocks],
  references: [],
})

/** A task title of MAX_TASK_TITLE characters, in words as a member would write it. */
const longTitle = (index: number) =>
  `Task ${index + 1}: ${'prepare the customer contracts, leases and supplier terms for the buyer’s review '.repeat(10)}`.slice(
    0,
    MAX_TASK_TITLE,
  )

/**
 * Finding 4: the readiness report's action plan at its limits, MAX_TASKS tasks of MAX_TASK_TITLE
 * characters, as `planBlocks` lays them out (one table per sprint; here one sprint holds them all).
 */
export const planAtLimits = (): Report => ({
  kind: 'Readiness report',
  title: 'Demo Advisory Group',
  organization: 'Demo Advisory Group',
  date: new Date('2026-11-29T12:00:00Z'),
  details: [`Action plan: ${MAX_TASKS} tasks, 0 done`],
  blocks: [
    { kind: 'heading', text: 'Action plan' },
    {
      kind: 'table',
      header: ['Sprint 1: Nov 29, 2026 – Feb 27, 2027 (now)', 'Owner', 'Due', 'Status', 'From'],
      rows: Array.from({ length: MAX_TASKS }, (_, index) => [
        longTitle(index),
        'Alexandra Whitfield-Montgomery',
        'Feb 27, 2027 (overdue)',
        'In progress',
        'Due-diligence checklist: Customer contracts and the terms of the ten largest accounts',
      ]),
    },
  ],
  references: [],
})
