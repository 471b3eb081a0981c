/**
 * An advisor's questions on a generated sale file, with gold answers computed from the company's
 * numbers (issue 44), so the answerer is measured on files nobody tuned it on. Each question is
 * asked only of facts the sale file holds, unless it is one the files cannot answer ('absent').
 */
import type { AdvisorQuestion } from '../advisor-score'
import type { ReadinessGold } from '../readiness-read'
import { ABSENT_FAMILIES, absentGroup, missingGroups } from './absent-questions'
import { FACT_FAMILIES } from './fact-questions'
import type { Company, FactGroup, Placement } from './model'
import { percent } from './phrasing'
import { Context, type Draft } from './question-context'
import { Random } from './random'
import { STATEMENT_FAMILIES } from './statement-questions'

export interface GeneratedQuestion extends AdvisorQuestion {
  /** A question asked first in the same conversation: this one only makes sense after it. */
  follows?: string
}

const ANSWERABLE = [...STATEMENT_FAMILIES, ...FACT_FAMILIES]
/** At most this many questions on groups the file lacks, so a thin sale file is not mostly abstentions. */
const MISSING_GROUP_QUESTIONS = 3

/** The files that hold `groups`, each once: none for a group the sale file lacks. */
const sourceOf = (context: Context, groups: FactGroup[]) => [
  ...new Set(groups.filter((group) => context.placed(group)).flatMap((group) => context.placement[group])),
]

export function generateQuestions(company: Company, placement: Placement): GeneratedQuestion[] {
  const random = new Random(company.seed * 7919 + 2)
  const context = new Context(company, placement, random)
  const target = random.int(24, 30)
  const drafts: Draft[] = []
  const asked = new Set<string>()
  const add = (draft: Draft | null) => {
    if (!draft) return
    if (draft.kind !== 'absent' && !context.placed(...draft.groups))
      throw new Error(`"${draft.question}" asks about facts the sale file lacks`)
    const key = `${draft.follows ?? ''}\n${draft.question}`
    if (asked.has(key)) return
    asked.add(key)
    drafts.push(draft)
  }

  for (const group of random.sample(missingGroups(context), MISSING_GROUP_QUESTIONS)) add(absentGroup(context, group))
  // Every family once, in random order, until the target; then more of the answerable ones.
  for (const family of random.shuffle([...ANSWERABLE, ...ABSENT_FAMILIES])) {
    if (drafts.length >= target) break
    add(family(context))
  }
  for (let attempt = 0; drafts.length < target && attempt < 300; attempt++) add(random.pick(ANSWERABLE)(context))

  return random.shuffle(drafts).map((draft, index) => ({
    id: `gen-${company.seed}-${String(index + 1).padStart(2, '0')}`,
    question: draft.question,
    answer: draft.answer,
    kind: draft.kind,
    scale: '',
    source: sourceOf(context, draft.groups),
    answerable: draft.kind !== 'absent',
    ...(draft.follows ? { follows: draft.follows } : {}),
  }))
}

/**
 * What the readiness pages should read from the sale file, null for what no file holds; the
 * largest customer's share is of the latest year's total revenue, in percent with two decimals.
 */
export function readinessGold(company: Company, placement: Placement): Omit<ReadinessGold, 'checklist'> {
  // Nothing here is chosen at random: the context is only for what the files hold.
  const context = new Context(company, placement, new Random(0))
  const { latest } = context
  const largest = context.placed('customers', 'income')
    ? company.customers.reduce((top, customer) => (customer.revenue[latest]! > top.revenue[latest]! ? customer : top))
    : null
  return {
    valuation: context.placed('valuation')
      ? { low: company.valuation!.low, high: company.valuation!.high, mid: context.valuationMid() }
      : null,
    goal: context.placed('goal') ? { ...company.goal! } : null,
    ebitda: context.placed('income') ? { value: context.income(latest).ebitda, year: latest } : null,
    addBacksTotal: context.placed('addBacks') ? context.addBacksTotal() : null,
    largestCustomerShare: largest && {
      name: largest.name,
      percent: Number(percent(largest.revenue[latest]!, context.income(latest).revenue).slice(0, -1)),
    },
  }
}
