import { FULL_MONTH, YEAR } from '../text/calendar'
import { average, difference, lookup, type Operand, percentageChange, ratio, sum } from './compute'
import { type Question, termsOf } from './question'
import { matchRows, MIN_RECALL, operandAt, tableRecall, unitsOf, valueColumns } from './rows'
import type { SectionAnswer } from './section-periods'
import { figureAt, type Table } from './table'

const DATED = new RegExp(String.raw`(?<!\d)(${YEAR})(?!\d)`)
// Asked of the balance a period opens with: the row dated the year before, which this reading does not pick.
const OPENING = /\b(?:beginning|opening|start|starting)\b/i
// Columns of a figure per share or a length of time beside the count they describe.
const PER_UNIT = /\b(?:weighted|average|price|per|fair value|term|years|life|rate)\b|%/i
const BALANCE = /\bbalances?\b|\boutstanding\b|\bas (?:of|at)\b|\bat (?:the )?end\b/i
const DATE_WEIGHT = 0.15
const SCHEDULE_WEIGHT = 0.9
// Movements a schedule writes in parentheses as they leave the balance.
const OUTFLOW =
  /^\s*(?:vested|forfeited|forfeitures|exercised|cancell?ed|cancellations|expired|released|repurchased|settled|paid|payments|utili[sz]ed|redeemed|write-?offs|written off)\b/i
const MONTHS = new RegExp(String.raw`\b${FULL_MONTH}\b`, 'gi')

/**
 * A movement schedule down the rows ("Non-vested at December 31, 2018 | Granted | Vested |
 * Forfeited | Non-vested at December 31, 2019"): rows dated by their label are balances at that
 * date; the movements between two of them belong to the period the later one closes. The period of
 * every row, or null for the rows before the first balance and after the last.
 */
export function rowPeriods(table: Table): Array<number | null> | null {
  const years = table.rows.map((_, row) => {
    if (row < table.headerRows) return null
    const match = DATED.exec(table.rowLabels[row]!)
    return match && table.rowLabels[row]!.trim() !== match[1] ? Number(match[1]) : null
  })
  const dated = years.flatMap((year, row) => (year === null ? [] : [row]))
  if (dated.length < 2) return null
  // Movements sit between two balances, in order of time.
  const between = dated.slice(1).some((row, index) => row - dated[index]! > 1)
  const ordered = dated.every((row, index) => index === 0 || years[row]! >= years[dated[index - 1]!]!)
  if (!between || !ordered) return null
  const periods: Array<number | null> = [...years]
  let closing: number | null = null
  for (let row = table.rows.length - 1; row >= table.headerRows; row--) {
    if (years[row] !== null) closing = years[row]!
    else periods[row] = row > dated[0]! && row < dated.at(-1)! ? closing : null
  }
  return periods
}

/**
 * Answers from a movement schedule down the rows: each year asked is the rows of its period, the
 * row the question's words name among them, in the column its words name (or the one column of
 * amounts beside columns per share or of terms). Null when the table is no such schedule, or any
 * row or the column is not named alone.
 */
export function answerByRollForward(asked: Question, table: Table): SectionAnswer | null {
  const years = asked.periods.map((period) => ('year' in period ? period.year : null))
  if (years.length === 0 || years.includes(null) || OPENING.test(asked.text)) return null
  const periods = rowPeriods(table)
  if (!periods) return null
  const { operation } = asked
  const between = operation === 'difference' || operation === 'percentage-change'
  const twoRows = (operation === 'share' || operation === 'ratio') && asked.parts !== null
  const fits =
    operation === 'lookup'
      ? years.length === 1
      : between
        ? years.length === 2
        : operation === 'sum' || operation === 'average'
          ? years.length >= 2
          : twoRows && years.length === 1
  if (!fits) return null
  // A date asked ("at September 30, 2018") names a balance row of that month; "the balance",
  // "outstanding" name the balances whatever movement shares their words ("Goodwill acquired").
  const months = [...asked.text.matchAll(MONTHS)].map((month) => month[0].toLowerCase())
  const balanceAsked = !twoRows && (months.length > 0 || BALANCE.test(asked.text))
  const rowsOf = (year: number) =>
    table.rows.flatMap((_, row) => {
      if (periods[row] !== year) return []
      const label = table.rowLabels[row]!.toLowerCase()
      const balance = DATED.test(label)
      if (balanceAsked && !balance) return []
      return balance && months.length && !months.some((month) => label.includes(month)) ? [] : [row]
    })
  const find = (terms: string[], year: number, column: number) => {
    const rows = rowsOf(year)
    // Of two rows asked of one period, the one at a date named is its balance: a small weight, below a word's.
    const dated = (row: number) =>
      months.length &&
      DATED.test(table.rowLabels[row]!) &&
      months.some((month) => table.rowLabels[row]!.toLowerCase().includes(month))
    const matches = matchRows(table, terms, asked.softTerms, [column], asked.gerunds)
      .filter((match) => rows.includes(match.row))
      .map((match) => ({ ...match, score: match.score + (dated(match.row) ? DATE_WEIGHT : 0) }))
      .sort((a, b) => b.score - a.score)
    const [best, next] = matches
    // A balance asked of a year that has one: the period names the row, once the table names the measure.
    const balances = rows.filter((row) => DATED.test(table.rowLabels[row]!))
    if (balanceAsked && balances.length === 1 && tableRecall(table, terms) >= MIN_RECALL)
      return { row: balances[0]!, score: tableRecall(table, terms), recall: 1, named: true }
    if (!best || !best.named || best.recall < MIN_RECALL || (next && next.score === best.score)) return null
    // Two balance rows of one year (January 1 and December 31) are told apart only by a date asked.
    if (DATED.test(table.rowLabels[best.row]!) && balances.length > 1) return null
    return best
  }
  const column = columnOf(asked, table)
  if (column === null) return null
  const operands: Operand[] = []
  let score = 0
  const wanted = twoRows
    ? asked.parts!.map((terms) => [terms, years[0]!] as const)
    : years.map((year) => [asked.terms, year!] as const)
  for (const [terms, year] of wanted) {
    const match = find(terms, year, column)
    if (!match) return null
    score += match.score
    const { value, cell } = operandAt(table, match.row, column)!
    // "(365,223)" vested is 365,223 shares vested: the parentheses take them from the balance.
    const taken = OUTFLOW.test(cell.rowLabel) && operation !== 'difference'
    operands.push({ value: taken ? value.abs() : value, cell })
  }
  if (twoRows && operands[0]!.cell.row === operands[1]!.cell.row) return null
  const { scale, unit } = unitsOf(table, operands)
  const [later, earlier] = between && years[0]! < years[1]! ? [operands[1]!, operands[0]!] : operands
  const computation =
    operation === 'lookup'
      ? lookup(operands[0]!, scale, unit)
      : operation === 'difference'
        ? difference(later!, earlier!, scale, unit)
        : operation === 'percentage-change'
          ? percentageChange(later!, earlier!)
          : operation === 'sum'
            ? sum(operands, scale, unit)
            : operation === 'average'
              ? average(operands, scale, unit)
              : ratio(operands[0]!, operands[1]!, operation === 'share' || /percent/i.test(asked.text))
  // A period read from the schedule's dates ranks below a table whose columns state it.
  return computation && { score: (SCHEDULE_WEIGHT * score) / operands.length, computation, operation, operands }
}

/**
 * The column a question asks of a schedule: the one alone whose header holds most of its words, or
 * with none named, the one column that is not a figure per share or a term beside it ("Number of
 * Shares" beside "Weighted-Average Exercise Price").
 */
function columnOf(asked: Question, table: Table): number | null {
  const columns = valueColumns(table).filter((column) =>
    table.rows.some((_, row) => row >= table.headerRows && figureAt(table, row, column.index)),
  )
  if (columns.length === 1) return columns[0]!.index
  const labels = new Set(table.rowLabels.flatMap((label) => termsOf(label)))
  const words = [...asked.terms, ...asked.softTerms]
  // A column of prices or terms is asked for by its kind ("the weighted-average price", "the
  // remaining term"), not by a word it shares with a row ("vested" and "Remaining Vesting Term").
  const perUnitAsked = PER_UNIT.test(asked.text)
  const named = columns
    .filter((column) => perUnitAsked || !PER_UNIT.test(column.label))
    .map((column) => ({
      column,
      hits: column.terms.filter((term) => words.includes(term) && !labels.has(term)).length,
    }))
    .sort((a, b) => b.hits - a.hits)
  if (named[0] && named[0].hits > 0) return named[0].hits === named[1]?.hits ? null : named[0].column.index
  const amounts = columns.filter((column) => !PER_UNIT.test(column.label))
  return amounts.length === 1 ? amounts[0]!.index : null
}
