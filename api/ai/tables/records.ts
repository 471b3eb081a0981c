import { CURRENCY_SIGN } from '../text/amounts'
import { FULL_MONTH, YEAR } from '../text/calendar'
import { SCALE_WORD } from '../text/scales'
/*
 * Lists written as prose, one record a line, are tables too: "Retail store, Hyde Park: the lease
 * ends on August 31, 2026. Monthly rent is $6,200." gives a row "Retail store, Hyde Park" with the
 * columns "Lease ends on" and "Monthly rent". A column is an attribute every line of the list
 * states, named by the words around its value; the table reader then adds, counts and compares
 * them as it does any table's.
 */

const RECORD = /^([^:|\t]{2,80}):\s+(\S.*)$/
const DATE = new RegExp(`\\b${FULL_MONTH}\\s+\\d{1,2},\\s+${YEAR}\\b|\\b\\d{1,2}\\s+${FULL_MONTH}\\s+${YEAR}\\b`, 'i')
// A money amount or a percentage; a bare number would take a street number for a value.
// At most 25 digits and commas: `[\d,]*` let each digit of a run "1,1,1,…" scan the rest of it.
const AMOUNT = new RegExp(
  String.raw`(?:${CURRENCY_SIGN}\s?\d[\d,]{0,24}(?:\.\d+)?(?:\s?${SCALE_WORD}\b)?|\b\d[\d,]{0,24}(?:\.\d+)?\s?%)`,
  'i',
)
const MIN_RECORDS = 2

/** A record line's attributes: the words around each value (lower case, trimmed), with the value. */
function attributesOf(rest: string): Map<string, string> {
  const attributes = new Map<string, string>()
  for (const clause of rest.split(/(?<=\.)\s+|;\s*/)) {
    const found = DATE.exec(clause) ?? AMOUNT.exec(clause)
    if (!found) continue
    const name = `${clause.slice(0, found.index)} ${clause.slice(found.index + found[0].length)}`
      .toLowerCase()
      .replace(/[.,:]/g, ' ')
      .replace(/^\s*(?:the|its|a|an)\s+/, '')
      .replace(/\s+(?:is|are|was|were|of|at|on|to|of about)?\s*$/, '')
      .replace(/\s+/g, ' ')
      .trim()
    if (name && !attributes.has(name)) attributes.set(name, found[0])
  }
  return attributes
}

/**
 * The rows of a run of record lines, a header row first: the label, then each attribute that every
 * line states. Null when the lines are not such a list (too few, or no attribute they share).
 */
export function recordRows(lines: string[]): string[][] | null {
  if (lines.length < MIN_RECORDS) return null
  const records = lines.map((line) => {
    const [, label, rest] = RECORD.exec(line.trim()) ?? []
    return label && rest ? { label: label.trim(), attributes: attributesOf(rest) } : null
  })
  if (records.some((record) => record === null)) return null
  const [first, ...others] = records as Array<{ label: string; attributes: Map<string, string> }>
  const shared = [...first!.attributes.keys()].filter((name) => others.every((record) => record.attributes.has(name)))
  if (shared.length === 0) return null
  const header = ['', ...shared.map((name) => name[0]!.toUpperCase() + name.slice(1))]
  return [
    header,
    ...[first!, ...others].map((record) => [record.label, ...shared.map((name) => record.attributes.get(name)!)]),
  ]
}

export const isRecordLine = (line: string) => RECORD.test(line.trim())
