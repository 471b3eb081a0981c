import { DRIVERS, QUESTIONS } from './drivers'

/*
 * The readiness assessment scored (decision 043): a driver's score is the mean of its answered
 * questions, the overall score the mean of the answered drivers' scores, each driver weighing the
 * same whatever its number of questions. A question or a driver not answered is reported so, never
 * counted as 0: a driver nobody has looked at is not a weak one. Scores are kept as exact fractions
 * (a mean of 4, 3 and 3 is 10/3, not 3.3333333333333335) and written to one decimal, half up.
 */

export interface Answer {
  key: string
  /** A whole number from 1 to 5. */
  score: number
  note?: string | null
}

/** A mean kept exact: numerator over denominator, both whole numbers. */
export interface Fraction {
  numerator: number
  denominator: number
}

export interface DriverScore {
  key: string
  name: string
  /** Null when none of its questions is answered. */
  score: Fraction | null
  /** The score to one decimal ("3.3"), or null. */
  display: string | null
  answered: number
  questions: number
}

export interface AssessmentScore {
  /** Answered drivers weakest first (ties in the drivers' own order), then the unanswered ones. */
  drivers: DriverScore[]
  overall: { score: Fraction | null; display: string | null; driversAnswered: number; drivers: number }
}

export const MAX_NOTE = 2000

export class InvalidAnswers extends Error {
  constructor(readonly messages: string[]) {
    super(messages.join(' '))
  }
}

/** Every wrong answer, each with its own message: an unknown key, a score that is no whole number 1–5, a long note, a key twice. */
export function validateAnswers(answers: unknown): string[] {
  if (!Array.isArray(answers)) return ['The answers must be a list.']
  const messages: string[] = []
  const seen = new Set<string>()
  answers.forEach((answer: unknown, index) => {
    const { key, score, note } = (answer ?? {}) as Record<string, unknown>
    const question = typeof key === 'string' ? QUESTIONS.get(key) : undefined
    if (!question) {
      messages.push(
        typeof key === 'string'
          ? `There is no question "${key}" in the assessment.`
          : `Answer ${index + 1} names no question.`,
      )
      return
    }
    if (seen.has(key as string)) messages.push(`"${question.text}" is answered twice.`)
    seen.add(key as string)
    if (typeof score !== 'number' || !Number.isInteger(score) || score < 1 || score > 5)
      messages.push(`The answer to "${question.text}" must be a whole number from 1 to 5.`)
    if (note !== undefined && note !== null && typeof note !== 'string')
      messages.push(`The note on "${question.text}" must be text.`)
    else if (typeof note === 'string' && note.length > MAX_NOTE)
      messages.push(`The note on "${question.text}" is longer than ${MAX_NOTE} characters.`)
  })
  return messages
}

const gcd = (a: number, b: number): number => (b === 0 ? Math.abs(a) : gcd(b, a % b))
const fraction = (numerator: number, denominator: number): Fraction => {
  const divisor = gcd(numerator, denominator) || 1
  return { numerator: numerator / divisor, denominator: denominator / divisor }
}
const compare = (a: Fraction, b: Fraction) => a.numerator * b.denominator - b.numerator * a.denominator
const add = (a: Fraction, b: Fraction) =>
  fraction(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator)

/** To one decimal, half away from zero: 10/3 → "3.3", 7/2 → "3.5", -1/4 → "-0.3". */
export function oneDecimal({ numerator, denominator }: Fraction) {
  const sign = numerator * denominator < 0 ? '-' : ''
  const [n, d] = [Math.abs(numerator), Math.abs(denominator)]
  const tenths = Math.floor((20 * n + d) / (2 * d))
  return `${sign}${Math.floor(tenths / 10)}.${tenths % 10}`
}

/** Scores an assessment's answers; throws InvalidAnswers with every message when any answer is wrong. */
export function scoreAssessment(answers: Answer[]): AssessmentScore {
  const messages = validateAnswers(answers)
  if (messages.length) throw new InvalidAnswers(messages)
  const byKey = new Map(answers.map((answer) => [answer.key, answer.score]))
  const scored = DRIVERS.map((driver): DriverScore => {
    const given = driver.questions.flatMap((question) => (byKey.has(question.key) ? [byKey.get(question.key)!] : []))
    const score = given.length
      ? fraction(
          given.reduce((sum, value) => sum + value, 0),
          given.length,
        )
      : null
    return {
      key: driver.key,
      name: driver.name,
      score,
      display: score && oneDecimal(score),
      answered: given.length,
      questions: driver.questions.length,
    }
  })
  const answered = scored.filter((driver) => driver.score)
  const overall = answered.length ? answered.reduce((sum, driver) => add(sum, driver.score!), fraction(0, 1)) : null
  const mean = overall && fraction(overall.numerator, overall.denominator * answered.length)
  return {
    drivers: [...answered.sort((a, b) => compare(a.score!, b.score!)), ...scored.filter((driver) => !driver.score)],
    overall: {
      score: mean,
      display: mean && oneDecimal(mean),
      driversAnswered: answered.length,
      drivers: DRIVERS.length,
    },
  }
}

export interface DriverChange {
  key: string
  name: string
  previous: string | null
  current: string | null
  /** Current minus previous, exact; null when either assessment leaves the driver unanswered. */
  change: Fraction | null
  /** "+0.5", "-1.0", "0.0" between the scores as shown, or null. */
  display: string | null
}

/**
 * The change between two scores as they are shown, one decimal each, so the words agree with the
 * figures beside them: 2.73 → 2.85 is shown 2.7 → 2.9, "+0.2", not its exact 0.12 rounded to "+0.1".
 */
const shownChange = (then: string | null, now: string | null) => {
  if (then === null || now === null) return null
  const tenths = (display: string) => Math.round(Number(display) * 10)
  const delta = tenths(now) - tenths(then)
  return delta === 0 ? '0.0' : `${delta > 0 ? '+' : '-'}${(Math.abs(delta) / 10).toFixed(1)}`
}

/** Each driver's change since a previous assessment, in the drivers' own order, and the overall change. */
export function compareAssessments(previous: AssessmentScore, current: AssessmentScore) {
  const before = new Map(previous.drivers.map((driver) => [driver.key, driver]))
  const difference = (now: Fraction | null, then: Fraction | null) =>
    now && then ? add(now, { numerator: -then.numerator, denominator: then.denominator }) : null
  const drivers = DRIVERS.map(({ key, name }): DriverChange => {
    const now = current.drivers.find((driver) => driver.key === key)!
    const then = before.get(key)!
    const change = difference(now.score, then.score)
    return {
      key,
      name,
      previous: then.display,
      current: now.display,
      change,
      display: shownChange(then.display, now.display),
    }
  })
  const overall = difference(current.overall.score, previous.overall.score)
  return {
    drivers,
    overall: { change: overall, display: shownChange(previous.overall.display, current.overall.display) },
  }
}
