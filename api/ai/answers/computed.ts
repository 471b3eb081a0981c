import { currencyNamedIn } from '../../../shared/figures'
import { IS_TABLE_LINE } from '../../../shared/table-lines'
import { answerFromTables, periodsHeld, type TableAnswer, writeDerivation } from '../tables/answer'
import { tableCaptionOf } from '../tables/caption'
import { cellText } from '../tables/compute'
import { spansAsked } from '../tables/maturities'
import { membersAsked } from '../tables/members'
import { periodsOf } from '../tables/question'
import { parseTables, scaleFromMentions, statesUnits, type Table } from '../tables/table'
import { scaleOf } from '../text/scales'
import type { AnswerRequest, ComputedAnswer, SourcePassage } from './provider'

// A question asking why, what something consists of, or how it is worked out or recorded, wants the
// sentence that explains it: a figure from the row it names would answer another question.
export const EXPLANATION = new RegExp(
  [
    /\b(?:why|reasons?|caus(?:e|es|ed)|drivers?|driven|explain|explanation|led to|lead to)\b/,
    // Not "What is adjusted EBITDA once the add-backs are included?": a condition, not what it holds.
    /\bwhat (?:does|do|did|is|are|was|were) (?:(?!\b(?:once|after|when|if)\b).)*\b(?:includ(?:e|es|ed)|consists?|comprises?|represents?|mean|results? (?:in|from))\b/,
    /\bhow (?:is|was|are|were|do|does|did) .*\b(?:calculated|computed|determined|measured|defined|derived|accounted|recogni[sz]ed|recorded|treated|estimated)\b/,
  ]
    .map((pattern) => pattern.source)
    .join('|'),
  'i',
)
const proseOf = (text: string) =>
  text
    .split('\n')
    .filter((line) => !IS_TABLE_LINE.test(line))
    .join('\n')

/**
 * Reads the tables of the retrieved passages and answers the question from them when one holds
 * every operand (api/ai/tables), or null, and the caller answers from the sentences. A table's
 * scale is read from its own header and caption, else from its passage's text and sheet name, else
 * from the other retrieved passages of its document (a report's "in millions" is often a
 * paragraph of its own).
 */
export function computeFromPassages(question: string, passages: SourcePassage[]): ComputedAnswer | null {
  const answer = tableAnswerFromPassages(question, passages)
  // A figure looked up with no period named answers "what is X?", usually a definition the text gives.
  // A span of maturities ("less than one year") names a column as a period does.
  if (!answer || (answer.operation === 'lookup' && periodsOf(question).length + spansAsked(question).length === 0))
    return null
  const byPassage = {
    ...answer,
    operands: answer.operands.map(({ cell, source }) => ({ cell, source: source.passage })),
  }
  return {
    ...written(byPassage, passages),
    parts: answer.parts,
    // A citation names the cell where the document has it, also in a table read turned.
    operands: answer.operands.map(({ cell, source: { passage, table, transposed } }) => ({
      ...cell,
      ...(transposed ? { row: cell.column, column: cell.row } : {}),
      passage,
      table,
    })),
  }
}

/**
 * The table reader's answer over the passages' tables, each operand with the passage and table it
 * was read in: what computeFromPassages writes for chat, for a caller that needs the exact value
 * (the value gap's evidence). Null for a question asking why or how, as in chat.
 */
export function tableAnswerFromPassages(question: string, passages: SourcePassage[]) {
  // "What items does X consist of?" asks for the names a table lists under X, not for a sentence.
  if (EXPLANATION.test(question) && !membersAsked(question)) return null
  return answerFromTables(question, tablesOf(passages), passages.map((passage) => proseOf(passage.text)).join('\n'))
}

/**
 * "The documents give revenue for FY2021–FY2025, not FY2019 [1].": the answer to a question about
 * years that the tables holding its measure do not give and no retrieved passage names, instead of
 * a quoted neighbour that would read as the answer. Null when the question is not such a one.
 */
export function periodsNotHeld(question: string, passages: SourcePassage[]): string | null {
  if (EXPLANATION.test(question)) return null
  const held = periodsHeld(question, tablesOf(passages))
  if (!held) return null
  const years = periodsOf(question).flatMap((period) => ('year' in period ? [period.year] : []))
  // The year as a word of its own, not digits of a figure ("2019000", "$2,019").
  const named = new RegExp(`(?<![\\d.,])(?:${years.join('|')})(?!\\d)`)
  if (passages.some((passage) => named.test(passage.text))) return null
  const fiscal = held.periods.every((label) => /^FY/i.test(label.trim()))
  const asked = years.map((year) => (fiscal ? `FY${year}` : String(year))).join(' or ')
  const [first, ...rest] = held.periods
  const last = rest.at(-1)!
  const given = rest.length > 1 ? `${first}–${last}` : `${first} and ${last}`
  const measure = /^[A-Z][a-z]/.test(held.measure)
    ? held.measure[0]!.toLowerCase() + held.measure.slice(1)
    : held.measure
  return `The documents give ${measure.trim()} for ${given}, not ${asked} [${held.source.passage + 1}].`
}

/** The answer a request's caller already computed (answerTurn saves its cells), or computed here. */
export const computedFor = (request: AnswerRequest) =>
  request.computed === undefined
    ? computeFromPassages(request.standalone ?? request.question, request.passages)
    : request.computed

function tablesOf(passages: SourcePassage[]) {
  const parsed = passages.map((passage) => {
    const own = [proseOf(passage.text), passage.sheetName ?? ''].join('\n')
    // A sheet named for its currency ("P&L (USD)") states it for the figures its tables write bare.
    const currency = passage.sheetName ? currencyNamedIn(passage.sheetName) : null
    return parseTables(passage.text, own).map((table) =>
      table.unit || !currency ? table : { ...table, unit: currency },
    )
  })
  return passages.flatMap((passage, index) => {
    const siblings = passages.filter((other) => other !== passage && other.documentTitle === passage.documentTitle)
    const introduction = introductionAmong(passage, siblings, parsed, passages)
    const around = siblings.map((other) => proseOf(other.text)).join('\n')
    // The table's index is its place in the chunk's text, where the document view reads it again.
    return parsed[index]!.map((table, tableIndex) => {
      const captioned = introduction && !table.caption ? { ...table, caption: introduction } : table
      return {
        table:
          captioned.scale || statesUnits(captioned)
            ? captioned
            : {
                ...captioned,
                scale:
                  scaleOf(captioned.caption) ??
                  scaleOf(around) ??
                  passage.documentScale ??
                  scaleFromMentions(captioned.rows, around),
              },
        source: { passage: index, table: tableIndex, transposed: table.transposed },
      }
    })
  })
}

/**
 * The sentence introducing a passage's one table without a caption ("Accrued liabilities consisted
 * of the following (in thousands):"), when the chunker put it in another retrieved passage of the
 * document: only when that document's retrieved passages hold one such table and one such sentence,
 * so no table takes another's caption.
 */
function introductionAmong(
  passage: SourcePassage,
  siblings: SourcePassage[],
  parsed: Table[][],
  passages: SourcePassage[],
) {
  const document = [passage, ...siblings]
  const uncaptioned = document.flatMap((member) => parsed[passages.indexOf(member)]!.filter((table) => !table.caption))
  if (uncaptioned.length !== 1 || !parsed[passages.indexOf(passage)]!.includes(uncaptioned[0]!)) return null
  const introductions = siblings
    .flatMap((sibling) => proseOf(sibling.text).split(/(?<=[.:])\s+|\n/))
    .filter((sentence) => tableCaptionOf(sentence) !== null && /:\s*$/.test(sentence))
  return introductions.length === 1 ? introductions[0]!.trim() : null
}

/** The figure, its working with each operand's marker and where its cells were read, as chat writes a computed answer. */
export function written(
  answer: TableAnswer<number>,
  passages: SourcePassage[],
): Omit<ComputedAnswer, 'parts' | 'operands'> {
  const marker = (operand: { source: number }) => ` [${operand.source + 1}]`
  if (answer.operation === 'lookup') {
    const read = answer.operands.map(({ cell, source }, index) => {
      const where = [cell.rowLabel, cell.columnLabel].filter(Boolean).join(', ')
      // The cell as the working's part writes it (grouped, with its unit); the citation names it as written.
      const part = answer.parts.find((each) => typeof each !== 'string' && each.operand === index)
      return `${where}: ${typeof part === 'object' ? part.text : cellText({ cell })}${marker({ source })}`
    })
    return { figure: answer.display, derivation: read.join('; '), cells: '' }
  }
  // Operands may come from several documents: each passage names the rows and columns read in it.
  const read = new Map<number, Map<string, string[]>>()
  for (const { cell, source } of answer.operands) {
    const rows = read.get(source) ?? new Map<string, string[]>()
    const columns = rows.get(cell.rowLabel) ?? []
    if (cell.columnLabel && !columns.includes(cell.columnLabel)) columns.push(cell.columnLabel)
    rows.set(cell.rowLabel, columns)
    read.set(source, rows)
  }
  const where = [...read].map(([source, rows]) => {
    const cells = [...rows].map(([row, columns]) => (columns.length ? `${row} (${columns.join('; ')})` : row))
    const passage = passages[source]!
    const place = passage.pageNumber
      ? `, page ${passage.pageNumber}`
      : passage.sheetName
        ? `, sheet ${passage.sheetName}`
        : ''
    return `${cells.join(', ')} in ${passage.documentTitle}${place}`
  })
  return {
    figure: answer.display,
    derivation: writeDerivation(answer, marker),
    cells: `From ${where.join('; ')}.`,
  }
}

/** The answer's pieces: the figure on its first line, then its working, each on a line of its own. */
export const computedPieces = ({ figure, derivation, cells }: ComputedAnswer) =>
  [figure, `\n\n${derivation}`, cells ? `\n\n${cells}` : ''].filter(Boolean)
