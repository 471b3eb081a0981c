// TAT-QA's answer measures (Zhu et al., 2021), shared by eval:answers and eval:tables: a port of
// `tatqa_metric.py` and `tatqa_utils.py` of NExTplusplus/TAT-QA, with one rule of issue 17 on top.
//
// As upstream: every answer (the gold one and the prediction, each a list of spans) is sorted, each
// number written as `%.4f` of its value times its scale ("1,149" thousand is 1149000.0000, "24.41%"
// is 0.2441), each other span followed by its scale, and the spans joined with spaces. Both are
// normalised token by token (lower case, punctuation and articles gone except in numbers, numbers
// read as values). Exact match: the normalised strings are equal; F1: over the two sets of tokens,
// rounded to two decimals, and for arithmetic and count answers equal to the exact match. A single
// number predicted without a scale or percent is also tried as a plain value.
//
// Issue 17's rule: a single predicted number also matches a single gold number when, in the gold
// answer's scale, it rounds to the gold's decimals (24.41 matches a gold "24.4"); upstream rounds
// both to two decimals.

const scaleToNumber = (scale: string) => {
  const lower = scale.toLowerCase()
  if (lower.includes('hundred')) return 100
  if (lower.includes('thousand')) return 1e3
  if (lower.includes('million')) return 1e6
  if (lower.includes('billion')) return 1e9
  if (lower.includes('percent')) return 0.01
  return 1
}

const cleanNumber = (text: string) => text.replace(/['"\\$€£¥%(),[\]]/g, '')
const PYTHON_FLOAT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i

/** The first number of a text (`extract_one_num_from_str`); a leading ".5" is not one, as upstream. */
function firstNumber(text: string): { value: number; float: boolean } | null {
  const match = /([+-]?\d+(\.\d+)?)|([+-]?\.\d+)/.exec(cleanNumber(text))
  if (!match?.[1]) return null
  return { value: Number(match[1]), float: match[1].includes('.') }
}

/** "1,149", "$(9.8)", "12%", "1 million": a number, optionally followed by a scale word. */
export function isNumber(text: string) {
  const words = text.split(/\s+/).map(cleanNumber).join(' ').split(/\s+/).filter(Boolean)
  if (words.length === 0 || !PYTHON_FLOAT.test(words[0]!)) return false
  return words.length < 2 || scaleToNumber(words[1]!) !== 1
}

/** A number's value with its scale word, parentheses as a minus and a percent sign applied. */
export function toNumber(text: string): number | null {
  const found = firstNumber(text)
  if (!found) return null
  const word = /([\d.]+\s?[a-zA-Z]+)/.exec(text)
  const scale = word ? scaleToNumber(word[1]!) : 1
  const negative = /\([\d.\s]+\)/.test(text.trim()) ? -1 : 1
  const percent = /[\d.\s]+%/.test(text.trim()) ? 0.01 : 1
  return Math.round(found.value * scale * negative * percent * 1e4) / 1e4
}

/** Python's str() of to_number's result: an int stays "12", a float is "12.0". */
function pythonNumber(text: string) {
  const value = toNumber(text)!
  const float = firstNumber(text)!.float || /[\d.\s]+%/.test(text.trim())
  return float && Number.isInteger(value) ? `${value}.0` : String(value)
}

const PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g

/** Upstream's normalize_answer: token by token, lower case, punctuation and articles removed, numbers as values. */
export function normalizeAnswer(text: string) {
  return text
    .split(' ')
    .map((token) => {
      const lower = token.toLowerCase()
      const bare = isNumber(lower) ? lower : lower.replace(PUNCTUATION, '')
      const numeric = isNumber(bare) ? pythonNumber(bare) : bare
      return numeric
        .replace(/\b(?:a|an|the)\b/g, ' ')
        .split(/\s+/)
        .filter(Boolean)
        .join(' ')
    })
    .filter((part) => part.trim())
    .join(' ')
    .trim()
}

/** Upstream's get_answer_str: the spans sorted, numbers as `%.4f` of their scaled value, joined by spaces. */
function answerString(answers: string[], scale: string) {
  return [...answers]
    .sort()
    .map((answer) => {
      if (isNumber(answer)) {
        const value = toNumber(answer)
        if (value === null) return scale ? `${answer} ${scale}` : answer
        if (answer.includes('%')) return value.toFixed(4)
        return (Math.round(value * 100) / 100) * scaleToNumber(scale)
      }
      return scale ? `${answer} ${scale}` : answer
    })
    .map((answer) => (typeof answer === 'number' ? answer.toFixed(4) : answer))
    .join(' ')
}

function metrics(predicted: string, gold: string) {
  const normalizedPrediction = normalizeAnswer(predicted)
  const normalizedGold = normalizeAnswer(gold)
  const exact = normalizedPrediction === normalizedGold ? 1 : 0
  const predictedBag = new Set(normalizedPrediction.split(' ').filter(Boolean))
  const goldBag = new Set(normalizedGold.split(' ').filter(Boolean))
  const common = [...goldBag].filter((token) => predictedBag.has(token)).length
  const precision = predictedBag.size ? common / predictedBag.size : 1
  const recall = goldBag.size ? common / goldBag.size : 1
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0
  return { exact, f1: Math.round(f1 * 100) / 100 }
}

export interface GoldAnswer {
  answer?: unknown
  answer_type?: string
  scale?: string
}

/** The gold answer's spans as upstream reads them: a list for spans, one string otherwise. */
export function goldSpans(gold: GoldAnswer): string[] {
  if (gold.answer === undefined || gold.answer === null) return []
  if (Array.isArray(gold.answer)) return gold.answer.map(String)
  return [gold.answer_type === 'count' ? String(Math.trunc(Number(gold.answer))) : String(gold.answer)]
}

/** Issue 17's rule: one number against one gold number, compared after scale at the gold's decimals. */
function roundsToGold(prediction: string, gold: string, scale: string) {
  const predicted = toNumber(prediction)
  const expected = toNumber(gold)
  if (predicted === null || expected === null) return false
  // The gold's own unit: its scale ("thousand", "percent"), or a percent sign it carries.
  const unit = gold.includes('%') ? 0.01 : scaleToNumber(scale)
  const goldValue = gold.includes('%') ? expected / 0.01 : expected
  const decimals = (cleanNumber(gold).split(/\s/)[0]!.split('.')[1] ?? '').length
  const factor = 10 ** decimals
  const rounded = Math.round((predicted / unit) * factor + 1e-9 * Math.sign(predicted)) / factor
  return Math.abs(rounded - goldValue) < 1e-9 * Math.max(1, Math.abs(goldValue))
}

/**
 * TAT-QA's exact match and F1 of a prediction (one answer, or several spans) for a question's
 * gold answer; the prediction carries its own scale in its words ("$293.6 million", "24.41%").
 */
export function scoreAnswer(prediction: string | string[], gold: GoldAnswer) {
  const spans = (Array.isArray(prediction) ? prediction : [prediction]).map((span) => span.trim()).filter(Boolean)
  const expected = goldSpans(gold)
  if (spans.length === 0 || expected.length === 0) return { exact: 0, f1: 0 }
  const scale = gold.scale ?? ''
  const goldString = answerString(expected, scale)
  const candidates = [answerString(spans, '')]
  if (spans.length === 1 && !spans[0]!.includes('%') && isNumber(spans[0]!))
    candidates.push(toNumber(spans[0]!)!.toFixed(4))
  let best = { exact: 0, f1: 0 }
  for (const candidate of candidates) {
    const score = metrics(candidate, goldString)
    if (score.exact > best.exact || (score.exact === best.exact && score.f1 > best.f1)) best = score
  }
  if (
    !best.exact &&
    spans.length === 1 &&
    expected.length === 1 &&
    isNumber(spans[0]!) &&
    isNumber(expected[0]!) &&
    roundsToGold(spans[0]!, expected[0]!, scale)
  )
    best = { exact: 1, f1: 1 }
  if (gold.answer_type === 'arithmetic' || gold.answer_type === 'count') best = { exact: best.exact, f1: best.exact }
  return best
}
