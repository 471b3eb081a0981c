/*
 * The measured phrases of prose: what a figure in a sentence is a figure of ("fair market value",
 * "normalized EBITDA", "add-backs"), with the measure's key. A figure takes the nearest phrase
 * before it in its clause, else the nearest after it ("1.75 million dollars of normalized EBITDA").
 */

export interface MeasureCue {
  /** The phrase as the sentence writes it. */
  phrase: string
  key: string | null
  /** What the measure's figures are: amounts of money, percentages, or counts. */
  unit: 'money' | 'percent' | 'count'
  /** A concluded value or a midpoint: the 'mid' of its measure's range. */
  mid: boolean
  start: number
  end: number
}

interface CueKind {
  pattern: string
  key: string | null
  unit: MeasureCue['unit']
  mid?: boolean
}

// Most specific first: in one place the alternation takes the first that matches ("normalized
// EBITDA" before "EBITDA", "EBITDA margin" before both).
const CUE_KINDS: CueKind[] = [
  { pattern: String.raw`ebitda margins?`, key: 'ebitda_margin', unit: 'percent' },
  {
    pattern: String.raw`(?:normali[sz]ed|adjusted|recast|pro[- ]?forma)\s(?:ebitda|earnings)`,
    key: 'adjusted_ebitda',
    unit: 'money',
  },
  { pattern: String.raw`ebitda`, key: 'ebitda', unit: 'money' },
  {
    pattern: String.raw`add[- ]?backs?|normali[sz]ation adjustments?|owner adjustments?`,
    key: 'add_back',
    unit: 'money',
  },
  {
    pattern: String.raw`concluded value|conclusion of value|conclude[sd]?\s(?:on\s)?(?:a|the)\svalue`,
    key: 'enterprise_value',
    unit: 'money',
    mid: true,
  },
  // A midpoint is of the range before it, whatever it measures (see prose-facts.ts).
  { pattern: String.raw`mid-?point|point estimate|most likely value`, key: null, unit: 'money', mid: true },
  { pattern: String.raw`equity value`, key: 'equity_value', unit: 'money' },
  {
    pattern: String.raw`enterprise value|fair market value|business value|value of the (?:business|company)|valuation|valued at|valu(?:e|es|ing) (?:(?:the|this|our|your) )?(?:business|company|firm|practice|it) at|worth|indication of value`,
    key: 'enterprise_value',
    unit: 'money',
  },
  { pattern: String.raw`gross margins?`, key: 'gross_margin', unit: 'percent' },
  { pattern: String.raw`(?:net|operating|profit) margins?`, key: null, unit: 'percent' },
  { pattern: String.raw`gross profit`, key: 'gross_profit', unit: 'money' },
  { pattern: String.raw`net income|net profit|net earnings`, key: 'net_income', unit: 'money' },
  { pattern: String.raw`(?:total |net )?(?:revenues?|sales|turnover)`, key: 'revenue', unit: 'money' },
  { pattern: String.raw`(?:monthly |annual |base )?rent`, key: 'rent', unit: 'money' },
  { pattern: String.raw`capital expenditures?|capex`, key: 'capex', unit: 'money' },
  { pattern: String.raw`(?:total |net )?debt`, key: 'debt', unit: 'money' },
  { pattern: String.raw`headcount|head count`, key: 'headcount', unit: 'count' },
]

// Capturing groups in the order of CUE_KINDS: which alternative matched says which kind it is.
const CUES = new RegExp(CUE_KINDS.map((kind) => String.raw`\b(${kind.pattern})\b`).join('|'), 'gi')

/** The measured phrases of a sentence, in order. */
export function cuesIn(sentence: string): MeasureCue[] {
  return [...sentence.matchAll(CUES)].map((match) => {
    const kind = CUE_KINDS[match.slice(1).findIndex((group) => group !== undefined)]!
    return {
      phrase: match[0],
      key: kind.key,
      unit: kind.unit,
      mid: kind.mid ?? false,
      start: match.index,
      end: match.index + match[0].length,
    }
  })
}

// What the owner must keep: "after taxes", "after-tax", "net of tax", "in my pocket", "take home".
const AFTER_TAX =
  /\bafter(?:-|\s)(?:all\s)?tax(?:es)?\b|\bnet of (?:all\s)?tax(?:es)?\b|\btake(?:-|\s)home\b|\bin (?:my|our) pockets?\b/i
// The owner's words for a need, where it starts: "I want at least", "Greg needs", "My number is".
const NEED = /\b(?:needs?|wants?|must|requires?|walk away with|my number|our number|would like|have to)\b/gi

/**
 * The owner's after-tax need as a measured phrase: the word of need ("needs", "want", "my
 * number") in a sentence that says after tax; none when the sentence does not.
 */
export function needCues(sentence: string): MeasureCue[] {
  if (!AFTER_TAX.test(sentence)) return []
  return [...sentence.matchAll(NEED)].map((match) => ({
    phrase: 'after-tax need',
    key: 'after_tax_need',
    unit: 'money',
    mid: false,
    start: match.index,
    end: match.index + match[0].length,
  }))
}
