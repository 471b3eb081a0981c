import { describe, expect, it } from 'vitest'

import { DRIVERS, QUESTIONS } from '../../api/readiness/assessment/drivers'
import {
  type Answer,
  compareAssessments,
  InvalidAnswers,
  MAX_NOTE,
  oneDecimal,
  scoreAssessment,
  validateAnswers,
} from '../../api/readiness/assessment/scoring'

const answers = (scores: Record<string, number>): Answer[] =>
  Object.entries(scores).map(([key, score]) => ({ key, score }))

describe('the drivers', () => {
  it('are the eight an advisor recognises, each 2–4 questions with a stable key and both anchors', () => {
    expect(DRIVERS.map((driver) => driver.name)).toEqual([
      'Financial performance and quality of earnings',
      'Growth',
      'Customer concentration',
      'Owner dependence',
      'Management and successor depth',
      'Recurring revenue',
      'Documented systems and processes',
      'Legal and contract matters',
    ])
    for (const driver of DRIVERS) {
      expect(driver.questions.length).toBeGreaterThanOrEqual(2)
      expect(driver.questions.length).toBeLessThanOrEqual(4)
      for (const question of driver.questions) {
        expect(question.key.startsWith(`${driver.key}.`)).toBe(true)
        expect(question.low.length).toBeGreaterThan(10)
        expect(question.high.length).toBeGreaterThan(10)
      }
    }
    expect(QUESTIONS.size).toBe(DRIVERS.reduce((count, driver) => count + driver.questions.length, 0))
  })
})

describe('scoring an assessment', () => {
  it('gives a driver the exact mean of its answered questions, to one decimal, with how many were answered', () => {
    const { drivers } = scoreAssessment(
      answers({ 'financial.assurance': 4, 'financial.trend': 3, 'financial.add-backs': 3, 'growth.plan': 4 }),
    )
    expect(drivers.find((driver) => driver.key === 'financial')).toEqual({
      key: 'financial',
      name: 'Financial performance and quality of earnings',
      score: { numerator: 10, denominator: 3 },
      display: '3.3',
      answered: 3,
      questions: 3,
    })
    expect(drivers.find((driver) => driver.key === 'growth')).toMatchObject({
      score: { numerator: 4, denominator: 1 },
      display: '4.0',
      answered: 1,
      questions: 2,
    })
  })

  it('rounds half up at one decimal, exactly', () => {
    expect(oneDecimal({ numerator: 7, denominator: 2 })).toBe('3.5')
    expect(oneDecimal({ numerator: 11, denominator: 4 })).toBe('2.8')
    expect(oneDecimal({ numerator: 13, denominator: 4 })).toBe('3.3')
    expect(oneDecimal({ numerator: -1, denominator: 4 })).toBe('-0.3')
  })

  it('never counts an unanswered driver as 0, and reports it after the answered ones', () => {
    const score = scoreAssessment(answers({ 'customers.largest-share': 2, 'owner.operations': 4 }))
    expect(score.overall).toEqual({
      score: { numerator: 3, denominator: 1 },
      display: '3.0',
      driversAnswered: 2,
      drivers: 8,
    })
    expect(score.drivers.slice(2).map((driver) => [driver.key, driver.score, driver.display, driver.answered])).toEqual(
      [
        ['financial', null, null, 0],
        ['growth', null, null, 0],
        ['management', null, null, 0],
        ['recurring', null, null, 0],
        ['systems', null, null, 0],
        ['legal', null, null, 0],
      ],
    )
  })

  it('weighs each driver the same in the overall score, whatever its number of questions', () => {
    // Financial 5 (three answers), growth 1 (one): the overall is 3, not (15 + 1) / 4 = 4.
    const { overall } = scoreAssessment(
      answers({ 'financial.assurance': 5, 'financial.trend': 5, 'financial.add-backs': 5, 'growth.plan': 1 }),
    )
    expect(overall.display).toBe('3.0')
  })

  it('lists the weakest drivers first, ties in the drivers’ own order', () => {
    const { drivers } = scoreAssessment(
      answers({
        'financial.assurance': 4,
        'growth.plan': 2,
        'customers.largest-share': 2,
        'owner.operations': 1,
        'owner.relationships': 2,
        'legal.disputes': 5,
      }),
    )
    expect(drivers.filter((driver) => driver.score).map((driver) => [driver.key, driver.display])).toEqual([
      ['owner', '1.5'],
      ['growth', '2.0'],
      ['customers', '2.0'],
      ['financial', '4.0'],
      ['legal', '5.0'],
    ])
  })

  it('gives no overall score when nothing is answered', () => {
    expect(scoreAssessment([]).overall).toEqual({ score: null, display: null, driversAnswered: 0, drivers: 8 })
  })
})

describe('comparing with a previous assessment', () => {
  it('gives the change per driver and overall, and none where either leaves a driver unanswered', () => {
    const previous = scoreAssessment(
      answers({ 'customers.largest-share': 2, 'owner.operations': 1, 'owner.relationships': 2, 'legal.disputes': 3 }),
    )
    const current = scoreAssessment(
      answers({ 'customers.largest-share': 3, 'owner.operations': 3, 'owner.relationships': 3, 'growth.plan': 4 }),
    )
    const { drivers, overall } = compareAssessments(previous, current)
    expect(drivers.map((driver) => [driver.key, driver.previous, driver.current, driver.display])).toEqual([
      ['financial', null, null, null],
      ['growth', null, '4.0', null],
      ['customers', '2.0', '3.0', '+1.0'],
      ['owner', '1.5', '3.0', '+1.5'],
      ['management', null, null, null],
      ['recurring', null, null, null],
      ['systems', null, null, null],
      ['legal', '3.0', null, null],
    ])
    // Overall (2 + 1.5 + 3) / 3 = 13/6 before, (4 + 3 + 3) / 3 = 10/3 now: +7/6 exactly, and shown
    // as 2.2 then 3.3, so the words say +1.1, the change of the figures beside them (issue 47 item 17).
    expect(overall).toEqual({ change: { numerator: 7, denominator: 6 }, display: '+1.1' })
  })

  it('words the change of the scores as shown: 2.75 → 3.0 is shown 2.8 → 3.0, up 0.2', () => {
    const before = scoreAssessment(answers({ 'growth.plan': 3, 'growth.market': 2, 'legal.disputes': 3 }))
    const after = scoreAssessment(answers({ 'growth.plan': 3, 'growth.market': 3, 'legal.disputes': 3 }))
    const { overall } = compareAssessments(before, after)
    expect([before.overall.display, after.overall.display]).toEqual(['2.8', '3.0'])
    // Exactly +0.25, which rounds to +0.3 beside figures 0.2 apart.
    expect(overall).toEqual({ change: { numerator: 1, denominator: 4 }, display: '+0.2' })
  })

  it('writes a fall with its sign and no change as 0.0', () => {
    const before = scoreAssessment(answers({ 'growth.plan': 4, 'legal.disputes': 3 }))
    const after = scoreAssessment(answers({ 'growth.plan': 3, 'legal.disputes': 3 }))
    const { drivers } = compareAssessments(before, after)
    expect(drivers.find((driver) => driver.key === 'growth')!.display).toBe('-1.0')
    expect(drivers.find((driver) => driver.key === 'legal')!.display).toBe('0.0')
  })
})

describe('answers that cannot be scored', () => {
  it('are refused, each with a message naming the question', () => {
    const wrong = [
      { key: 'financial.assurance', score: 0 },
      { key: 'growth.plan', score: 3.5 },
      { key: 'customers.largest-share', score: '4' },
      { key: 'owner.operations', score: 3, note: 'x'.repeat(MAX_NOTE + 1) },
      { key: 'owner.telepathy', score: 3 },
      { key: 'legal.disputes', score: 4 },
      { key: 'legal.disputes', score: 5 },
      { score: 2 },
    ]
    expect(validateAnswers(wrong)).toEqual([
      'The answer to "How far can a buyer rely on the financial statements?" must be a whole number from 1 to 5.',
      'The answer to "Is there a credible plan for growth a buyer could carry on?" must be a whole number from 1 to 5.',
      `The answer to "How large is the largest customer's share of revenue?" must be a whole number from 1 to 5.`,
      `The note on "Could the business run for three months without the owner?" is longer than ${MAX_NOTE} characters.`,
      'There is no question "owner.telepathy" in the assessment.',
      '"Are there open disputes, claims or compliance issues?" is answered twice.',
      'Answer 8 names no question.',
    ])
    expect(() => scoreAssessment(wrong as Answer[])).toThrow(InvalidAnswers)
  })

  it('takes a note up to its bound, and no note at all', () => {
    expect(
      validateAnswers([
        { key: 'systems.processes', score: 1, note: 'x'.repeat(MAX_NOTE) },
        { key: 'systems.reporting', score: 5, note: null },
        { key: 'recurring.share', score: 3 },
      ]),
    ).toEqual([])
  })
})
