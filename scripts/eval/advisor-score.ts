// How an advisor reads an answer (../shared/corpus/advisor-dev/README.md): the answer's first
// non-empty line, without citation markers, is the answer. A figure matches the gold one after
// scale words and rounding; text answers match when every gold string is in that line. An answer
// is right, abstained (it says the files do not hold it) or wrong (it states something else).

export interface AdvisorQuestion {
  id: string
  question: string
  /** The gold answer's items; empty when the files cannot answer the question. */
  answer: string[]
  kind: string
  /** What a gold figure is counted in: '' or 'thousand'. */
  scale: string
  source: string[]
  answerable: boolean
}

export type Outcome = 'right' | 'abstained' | 'wrong'

/** The answer as a reader takes it: its first non-empty line, markers and a quotation mark removed. */
export function leadingLine(answer: string) {
  const line =
    answer
      .split('\n')
      .map((text) => text.trim())
      .find(Boolean) ?? ''
  return line
    .replace(/\s?\[\d+\]/g, '')
    .replace(/^>\s*/, '')
    .trim()
}

// Saying the documents do not hold something, in the ways an answer says it, including naming what
// they hold instead ("The documents give net sales for 2022–2025, not 2020.", issue 31; a name's
// abbreviation, "Baxter Pump Co.", does not end that sentence).
const ABSTENTION =
  /\b(?:could not|cannot|can't|couldn't|did not|didn't) find\b|\bnot (?:in|found in|given in|stated in|shown in|listed in|mentioned in) (?:the|your|these|any of the) (?:documents|files)\b|\b(?:documents|files) (?:do|does) not (?:hold|contain|give|show|state|include|mention|say|list)\b|\bno (?:document|file)s? (?:holds?|contains?|gives?|shows?|states?|mentions?)\b|\bnone of (?:the|your) (?:documents|files)\b|\b(?:documents|files) (?:give|hold|have|show|list|cover)\b(?:[^.;]|(?<=\b(?:Co|Inc|Corp|Ltd|No|St|Dr))\.)*,\s*not\b/i

export const abstains = (line: string) => ABSTENTION.test(line)

const MONTH =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?'
// Periods and dates are not figures: "FY2025", "December 31, 2025", "2021-2025", "in 2024".
const PERIODS = new RegExp(
  `\\b(?:${MONTH})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?\\b|\\b(?:fy|fiscal(?:\\s+year)?)\\s?'?\\d{2,4}\\b|(?<![\\d$€£.,])\\b(?:19|20)\\d\\d\\b(?![.,]\\d|\\s*%|\\s*(?:thousand|million|billion)\\b)`,
  'gi',
)

const SCALES: Record<string, number> = {
  thousand: 1e3,
  k: 1e3,
  million: 1e6,
  m: 1e6,
  mm: 1e6,
  billion: 1e9,
  bn: 1e9,
  b: 1e9,
}

export interface Figure {
  value: number
  /** Digits after the decimal point, as written. */
  decimals: number
  /** What one unit of `value` is worth: 1, 1e3, 1e6, 1e9. */
  unit: number
  percent: boolean
}

// A minus only where it is no hyphen between words or figures ("2021-2025" is a range).
const FIGURE =
  /(\()?(?:(?<![\w)])(-|−))?\s?[$€£]?\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(\))?\s?(%|percent\b|thousand\b|million\b|billion\b|bn\b|mm\b|k\b|m\b|b\b)?/gi

/** The figures a line states, in order, periods and dates left out. */
export const figuresOf = (line: string) => figuresIn(line.replace(PERIODS, ' '))

/** Every figure of a text, a year-like one included: a gold figure of 2000 dollars is no period. */
function figuresIn(text: string): Figure[] {
  const figures: Figure[] = []
  for (const match of text.matchAll(FIGURE)) {
    const [, open, minus, whole, fraction = '', shut, word = ''] = match
    const lower = word.toLowerCase()
    const percent = lower === '%' || lower === 'percent'
    const negative = Boolean(minus) || (Boolean(open) && Boolean(shut))
    const magnitude = Number(`${whole!.replace(/,/g, '')}.${fraction || '0'}`)
    figures.push({
      value: negative ? -magnitude : magnitude,
      decimals: fraction.length,
      unit: percent ? 1 : (SCALES[lower] ?? 1),
      percent,
    })
  }
  return figures
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals
const close = (a: number, b: number) => Math.abs(a - b) < 1e-9 * Math.max(1, Math.abs(a), Math.abs(b))
const significantDigits = (figure: Figure) => String(Math.abs(figure.value)).replace('.', '').replace(/^0+/, '').length

/**
 * Whether a stated figure is the gold one: rounded to the gold's decimals in the gold's unit, or
 * the gold rounded to the figure's own decimals in its unit when the figure keeps at least three
 * significant digits ("$1.45 million" for 1,452 thousand, not "$1 million").
 */
export function sameFigure(figure: Figure, gold: string, scale: string) {
  const goldPercent = gold.includes('%')
  if (figure.percent !== goldPercent) return false
  const goldFigure = figuresIn(gold)[0]
  if (!goldFigure) return false
  const goldUnit = goldPercent ? 1 : (SCALES[scale] ?? 1)
  const inGoldUnit = (figure.value * figure.unit) / goldUnit
  if (close(round(inGoldUnit, goldFigure.decimals), goldFigure.value)) return true
  if (significantDigits(figure) < 3) return false
  const goldInFigureUnit = (goldFigure.value * goldUnit) / figure.unit
  return close(round(goldInFigureUnit, figure.decimals), figure.value)
}

const isFigure = (gold: string) => /^-?\d[\d,]*(?:\.\d+)?%?$/.test(gold.trim())
const squeeze = (text: string) => text.toLowerCase().replace(/\s+/g, ' ')

/** Right, abstained or wrong, by the README's rules. */
export function scoreAdvisorAnswer(answer: string, question: AdvisorQuestion): Outcome {
  const line = leadingLine(answer)
  if (abstains(line)) return question.answerable ? 'abstained' : 'right'
  if (!question.answerable) return 'wrong'
  // A year asked for ("which year was highest") is a period, never a figure: it is matched as text.
  const figureGold = question.kind !== 'text' && question.kind !== 'compare' && question.answer.every(isFigure)
  if (!figureGold) return question.answer.every((gold) => squeeze(line).includes(squeeze(gold))) ? 'right' : 'wrong'
  const figures = figuresOf(line)
  // One figure asked: the first the line states is the answer. Several: each is stated, in order.
  if (question.answer.length === 1)
    return figures[0] && sameFigure(figures[0], question.answer[0]!, question.scale) ? 'right' : 'wrong'
  let next = 0
  for (const gold of question.answer) {
    while (next < figures.length && !sameFigure(figures[next]!, gold, question.scale)) next++
    if (next === figures.length) return 'wrong'
    next++
  }
  return 'right'
}
