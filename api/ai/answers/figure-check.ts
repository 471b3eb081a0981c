import { CURRENCY, CURRENCY_SIGN } from '../text/amounts'
import { SCALE_SUFFIXES, SCALE_WORD, SCALE_WORDS } from '../text/scales'
/**
 * The figures a model's answer states that neither the passages it was given nor the figure
 * computed for it hold (issue 31: a model never does arithmetic, and a figure of its own must not
 * pass for one read from the documents). A figure is held when some number of the evidence, taken
 * as written or in thousands, millions or billions (a table's scale is often stated elsewhere),
 * rounds to it at the precision it is written with: "$11.5 million" is held by "11,482" of a table
 * in thousands.
 */

// A figure as answers write one: "$1,496.5", "(3.2)", "24.41%", "€2.5 million", "12 bn". At most 25
// digits and separators, so a long run of digits is read in linear time.
const FIGURE = new RegExp(
  String.raw`(?<![\w.])${CURRENCY}?\s?\(?-?\d(?:[\d,]{0,23}\d)?(?:\.\d{1,12})?\)?\s?(%|per ?cent\b|(?:${SCALE_WORD}|bn|mn|m|k)\b)?`,
  'gi',
)
const MARKER = /\[\d+\]/g
const SIGN = new RegExp(CURRENCY_SIGN)
// A table's figures may be in any of these; its caption may not have come with the passage.
const TABLE_SCALES = [1, 1e3, 1e6, 1e9]

interface Figure {
  text: string
  value: number
  decimals: number
  percent: boolean
  scale: number
}

function figuresIn(text: string): Figure[] {
  const figures: Figure[] = []
  for (const match of text.replace(MARKER, ' ').matchAll(FIGURE)) {
    const digits = /\d(?:[\d,]*\d)?(?:\.\d+)?/.exec(match[0])![0]
    const unit = match[1]?.toLowerCase().replace(/\s/g, '') ?? ''
    figures.push({
      text: match[0].trim().replace(/[.,]$/, ''),
      value: Number(digits.replace(/,/g, '')),
      decimals: /\.(\d+)$/.exec(digits)?.[1]!.length ?? 0,
      percent: unit === '%' || unit.startsWith('per'),
      scale: SCALE_WORDS[unit] ?? SCALE_SUFFIXES[unit] ?? 1,
    })
  }
  return figures
}

/** A bare year or a small count ("2019", "3 customers", a list's "1.") says nothing a reader would copy as a figure. */
const worthChecking = (figure: Figure) =>
  figure.percent ||
  figure.scale !== 1 ||
  SIGN.test(figure.text) ||
  figure.decimals > 0 ||
  (figure.value > 12 && !(Number.isInteger(figure.value) && figure.value >= 1900 && figure.value <= 2100))

function holds(evidence: Figure[], figure: Figure) {
  const asked = figure.value * figure.scale
  const tolerance = (0.5 * figure.scale) / 10 ** figure.decimals + 1e-9 * asked
  return evidence.some((held) => {
    // A percentage is read as written; a cell of a "%" column often has no sign of its own.
    const scales = figure.percent || held.percent ? [1] : held.scale !== 1 ? [held.scale] : TABLE_SCALES
    return scales.some((scale) => Math.abs(held.value * scale - asked) <= tolerance)
  })
}

/** The figures of `answer` that no number of `evidence` holds, each once, as the answer writes them. */
export function figuresNotInEvidence(answer: string, evidence: string[]): string[] {
  const held = evidence.flatMap(figuresIn)
  const missing = figuresIn(answer)
    .filter(worthChecking)
    .filter((figure) => !holds(held, figure))
    .map((figure) => figure.text)
  return [...new Set(missing)]
}

/** The line an answer ends with when it states figures the evidence does not hold. */
export const unheldFiguresNote = (figures: string[]) =>
  `\n\n**Check before use:** ${figures.join(', ')} ${figures.length === 1 ? 'is' : 'are'} not in your documents ` +
  'or the figure computed from them; the assistant wrote ' +
  `${figures.length === 1 ? 'it' : 'them'} itself.`
