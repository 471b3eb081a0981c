import { boundedTable } from '../../shared/table-bounds'
import { dayIn, DEFAULT_TIME_ZONE } from '../../shared/time-zones'

/**
 * A client-ready report as both renderers read it (./pdf.ts, ./docx.ts): what an analysis, a
 * meeting or a conversation becomes when an advisor sends it to a client. Text only, already in
 * words: the renderers decide nothing about content, so the PDF and the Word file say the same.
 */

/** A run of text; `strong` for what the source wrote in bold. */
export interface Run {
  text: string
  strong?: boolean
}

export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; runs: Run[] }
  | { kind: 'list'; ordered: boolean; items: Run[][] }
  /** `note` says what was left out of a table too large to draw whole (set by `boundedReport`). */
  | { kind: 'table'; header: string[]; rows: string[][]; note?: string | null }

/**
 * Markdown a user or the answerer wrote, made into the blocks above where the report is drawn
 * (./render-thread.ts): parsing it costs more than drawing it, up to half a second a message.
 */
export interface MarkdownBlock {
  kind: 'markdown'
  markdown: string
}

/** A numbered source: the document, where in it, and the words quoted or the cells read (if known). */
export interface Reference {
  document: string
  location: string | null
  quote: string | null
}

export interface Report {
  /** What it is ("Key Findings", "Meeting notes", "Conversation"). */
  kind: string
  title: string
  organization: string
  /** When the content was made: the analysis run, the meeting, the conversation's last message. */
  date: Date
  /** The zone `date` is written in: the reader's when the request names it, else UTC. */
  timeZone?: string
  /** Lines under the title: the document, the participants, the generator. */
  details: string[]
  blocks: Array<Block | MarkdownBlock>
  references: Reference[]
}

/** A report as the renderers draw it: its Markdown made into blocks. */
export type DrawnReport = Omit<Report, 'blocks'> & { blocks: Block[] }

export const paragraph = (text: string): Block => ({ kind: 'paragraph', runs: [{ text }] })

/** "[n]" marks after a text for the references it cites, numbered from 1. */
export const citeMarks = (numbers: number[]) => numbers.map((number) => `[${number}]`).join('')

/**
 * Numbers references as they are first cited: the same passage cited twice keeps its number.
 * `cite` answers the number to write after the text that rests on it.
 */
export function referenceList() {
  const references: Reference[] = []
  const keys = new Map<string, number>()
  return {
    references,
    cite(reference: Reference) {
      const key = JSON.stringify([reference.document, reference.location, reference.quote])
      let number = keys.get(key)
      if (number === undefined) keys.set(key, (number = references.push(reference)))
      return number
    },
  }
}

/**
 * The report's date as the reader reads it, on their calendar, the same in both formats and in the
 * style of every date in the report and the app ("Nov 28, 2026").
 */
export const reportDate = ({ date, timeZone = DEFAULT_TIME_ZONE }: Pick<Report, 'date' | 'timeZone'>) =>
  dayIn(date, timeZone)

/**
 * The report as both renderers draw it: every table within shared/table-bounds.ts's bounds, each row
 * as many cells as its table has columns, the cut said under it. A renderer never lays out more.
 */
export function boundedReport(report: DrawnReport): DrawnReport {
  return {
    ...report,
    blocks: report.blocks.map((block) => {
      if (block.kind !== 'table') return block
      const { header, rows, note } = boundedTable(block.header, block.rows)
      return { kind: 'table', header, rows, note: note ?? block.note ?? null }
    }),
  }
}

/** The organization's mark where it has no logo: its first letter, a whole character even outside the BMP. */
export const organizationInitial = (organization: string) =>
  [...organization.trim().slice(0, 2)][0]?.toUpperCase() || '?'

/** A file name a client can keep: the report's title, without characters file systems refuse. */
export function reportFileName(report: Pick<Report, 'kind' | 'title'>, extension: 'pdf' | 'docx') {
  const name = [...`${report.title} - ${report.kind}`]
    .map((char) => (char < ' ' ? ' ' : char))
    .join('')
    .replace(/[\\/:*?"<>|]+/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
  return `${[...name].slice(0, 150).join('')}.${extension}`
}
