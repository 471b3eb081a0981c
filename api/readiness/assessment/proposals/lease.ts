import type { Passage } from '../../../ai/retrieval/passage'
import { parseTables } from '../../../ai/tables/table'
import { datesIn } from '../../../ai/text/dates'
import { type DocumentSource, type Finding, sentenceSource } from '../../value-gap/passage-sources'
import { cellOf, MAX_SOURCES, none, type Proposal, proposed, sentencesIn } from './shared'

const AGREEMENT = /\b(?:lease|leases|tenancy|sublease|contract|agreement|licen[cs]e|franchise)\b/i
const ENDING =
  /\b(?:ends?|ending|end date|expires?|expiring|expiry|expiration|runs?\s+(?:out|until|to|through)|terminates?|lapses?|until)\b/gi
const END_COLUMN = /\b(?:ends?|ending|end date|expir\w*|term end|lease end|until)\b/i
// An end date follows its words closely ("ends on April 30, 2027"), within its clause: in "runs
// until 2030; rent was reviewed on March 1, 2026" the date is the review's.
const NEAR_END = 40
const DAY_MS = 24 * 3600 * 1000
const isoDay = (date: Date) => date.toISOString().slice(0, 10)

interface Ending {
  date: Date
  written: string
  source: DocumentSource
}

/** The day a year after `now`, by the calendar: 2026-11-28 → 2027-11-28. */
const yearAfter = (now: Date) => new Date(Date.UTC(now.getUTCFullYear() + 1, now.getUTCMonth(), now.getUTCDate()))

/**
 * A lease or contract ending within a year of `now`, from a sentence ("the lease ends on April 30,
 * 2027") or a row of a lease table with an end or expiry column. An end date already past is not
 * read: the document may be older than a renewal.
 */
export function leaseEnding(passages: Passage[], now: Date): Finding<Proposal> {
  const endings: Ending[] = []
  for (const { passage, sentence } of sentencesIn(passages)) {
    const agreement = AGREEMENT.exec(sentence)
    if (!agreement) continue
    const dates = datesIn(sentence)
    // Each ending word after the agreement's name, with the date that closely follows it: a sentence may name two leases.
    for (const ending of sentence.slice(agreement.index).matchAll(ENDING)) {
      const after = agreement.index + ending.index + ending[0].length
      const found = dates.find(
        (date) =>
          date.index >= after && date.index - after <= NEAR_END && !/[;.]/.test(sentence.slice(after, date.index)),
      )
      if (found) endings.push({ date: found.date, written: found.text, source: sentenceSource(passage, sentence) })
    }
  }
  for (const passage of passages) {
    if (!/\b(?:lease|tenanc|premises|contract|agreement)/i.test(`${passage.documentTitle}\n${passage.text}`)) continue
    for (const [tableIndex, table] of parseTables(passage.text).entries()) {
      const column = table.columns.findIndex((header) => header.index > 0 && END_COLUMN.test(header.label))
      if (column < 0 || table.transposed) continue
      for (let row = table.headerRows; row < table.rows.length; row++) {
        const [found] = datesIn(table.rows[row]![column] ?? '')
        if (found)
          endings.push({
            date: found.date,
            written: found.text,
            source: cellOf(passage, tableIndex, table, row, column),
          })
      }
    }
  }
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  // A line "Grove City branch: the lease ends on April 30, 2027." is read as a sentence and as a
  // labelled row: one end per document and day, the sentence first.
  const seen = new Set<string>()
  const ahead = endings.filter(({ date, source }) => {
    const key = `${source.documentId} ${isoDay(date)}`
    if (seen.has(key) || date.getTime() < today) return false
    seen.add(key)
    return true
  })
  const soon = ahead.filter(({ date }) => date.getTime() <= yearAfter(now).getTime())
  if (soon.length === 0) {
    if (ahead.length === 0)
      return none(`No lease or contract in the documents states an end date after ${isoDay(now)}.`)
    const nearest = ahead.reduce((best, ending) => (ending.date < best.date ? ending : best))
    const days = Math.round((nearest.date.getTime() - today) / DAY_MS)
    return none(
      `No lease or contract in the documents ends within a year of ${isoDay(now)}: the nearest ends on ${nearest.written}, ${days} days ahead (${nearest.source.title}).`,
    )
  }
  soon.sort((a, b) => a.date.getTime() - b.date.getTime())
  return proposed({
    key: 'legal.leases-contracts',
    score: 2,
    reason: `${soon
      .map(({ written, source }) => `${source.title} states an end on ${written}`)
      .join(
        '; ',
      )}, within a year of ${isoDay(now)}. This proposes 2: whether it is key, and whether a renewal is agreed (which makes it 1 or better), is for the advisor to judge.`,
    sources: soon.slice(0, MAX_SOURCES).map(({ source }) => source),
  })
}
