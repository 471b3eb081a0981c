import Decimal from 'decimal.js'

import { type Computation, lookup, type Operand, sum, writeParts } from '../../ai/tables/compute'
import { normalizeLabel } from '../../ai/text/measures'
import type { StoredFact } from '../organization-facts'
import type { EntityKind } from '../types'
import type { FactQuestion } from './fact-question'
import { cellsOf, entitiesNamed, explainedBeside, figureFor, statedOnce } from './figures'
import type { FactStrategy } from './strategy'
import { thresholdOf } from './threshold'

/*
 * Strategies over a list of entities (customers, product lines, add-backs): its total, and the one
 * ranked first. A list is read from one document: two documents listing the same customers would
 * count each twice.
 */

// A row of the rest ("All other customers", "Others") or of their total is no customer of its own.
const OTHERS = /^(?:all )?others?\b|^total\b/

/** The entities of a kind with a figure of the measure for a year, from one document; null when several documents list them. */
function listOf(cells: StoredFact[], kind: EntityKind, year: number): StoredFact[] | null {
  const listed = cells.filter(
    (fact) =>
      fact.entityKind === kind &&
      fact.entity &&
      fact.period!.year === year &&
      !OTHERS.test(normalizeLabel(fact.entity)),
  )
  const documents = new Set(listed.map((fact) => fact.documentId))
  if (documents.size !== 1) return null
  const entities = [...new Set(listed.map((fact) => normalizeLabel(fact.entity!)))]
  const figures = entities.map((entity) =>
    figureFor(listed, listed.find((fact) => normalizeLabel(fact.entity!) === entity)!.entity, year),
  )
  return figures.every(Boolean) ? (figures as StoredFact[]) : null
}

/** A list that names no period (an add-back schedule with no year), from one document: each entity's figure stated once. */
function undatedList(facts: StoredFact[], measureKey: string, kind: EntityKind): StoredFact[] | null {
  const listed = facts.filter(
    (fact) =>
      fact.kind === 'cell' &&
      fact.measureKey === measureKey &&
      fact.entityKind === kind &&
      fact.entity &&
      !fact.period &&
      fact.unit !== '%' &&
      !OTHERS.test(normalizeLabel(fact.entity)),
  )
  if (new Set(listed.map((fact) => fact.documentId)).size !== 1) return null
  const entities = [...new Set(listed.map((fact) => normalizeLabel(fact.entity!)))]
  const figures = entities.map((entity) => statedOnce(listed.filter((fact) => normalizeLabel(fact.entity!) === entity)))
  return figures.every(Boolean) ? (figures as StoredFact[]) : null
}

/** The years a kind of entity is listed for, ascending. */
const yearsListed = (cells: StoredFact[], kind: EntityKind) =>
  [...new Set(cells.filter((fact) => fact.entityKind === kind && fact.entity).map((fact) => fact.period!.year))].sort(
    (a, b) => a - b,
  )

/** The one year asked, the latest listed for none or "last year". */
function yearAsked(question: FactQuestion, listed: number[]) {
  if (question.years.length === 1) return question.years[0]
  if (question.years.length > 1 || question.lastYears !== null || listed.length === 0) return undefined
  return listed.at(-1)
}

/** "What do the add-backs for fiscal 2024 add up to?", "the combined revenue of the top customers": the list added up. */
const listTotal: FactStrategy = {
  name: 'list-total',
  answer(question, facts) {
    const kind = question.entityKind
    if (question.operation !== 'sum' || !question.measureKey || !kind || question.statesFigure) return null
    const cells = cellsOf(facts, question.measureKey, question)
    if (entitiesNamed(question, cells).length > 0 || !explainedBeside(question, [])) return null
    const year = yearAsked(question, yearsListed(cells, kind))
    const list =
      year !== undefined
        ? listOf(cells, kind, year)
        : question.years.length === 0
          ? undatedList(facts, question.measureKey, kind)
          : null
    return list && { facts: list, compute: (operands, { scale, unit }) => sum(operands, scale, unit) }
  },
}

/** 'How much is the add-back for "One-time legal fees"?' of a list that names no year: the entity's figure. */
const undatedEntity: FactStrategy = {
  name: 'entity-figure',
  answer(question, facts) {
    if (question.operation !== 'lookup' || !question.measureKey || question.years.length || question.statesFigure)
      return null
    // A premises' rent is the lease strategies' to read: a year of it is twelve months.
    const undated = facts.filter(
      (fact) =>
        fact.kind === 'cell' &&
        fact.measureKey === question.measureKey &&
        fact.entity &&
        !fact.period &&
        fact.entityKind !== 'premises',
    )
    // A list that also has years is the dated strategies' to read.
    if (facts.some((fact) => fact.measureKey === question.measureKey && fact.entity && fact.period)) return null
    const named = entitiesNamed(question, undated)
    if (named.length !== 1 || !explainedBeside(question, named)) return null
    const figure = statedOnce(undated.filter((fact) => normalizeLabel(fact.entity!) === normalizeLabel(named[0]!)))
    return figure && { facts: [figure], compute: ([operand], { scale, unit }) => lookup(operand!, scale, unit) }
  },
}

/**
 * "Who was the largest customer in FY23?", "Which customer's revenue grew the most from FY2024 to
 * FY2025?": the entity ranked first by its figure for a year, or by its change between two.
 */
const topEntity: FactStrategy = {
  name: 'top-entity',
  answer(question, facts) {
    const kind = question.entityKind
    if (!question.ranks || !kind || !question.measureKey || question.statesFigure) return null
    if (!/^\s*(?:who|which|what)\b/i.test(question.words)) return null
    const cells = cellsOf(facts, question.measureKey, question)
    if (entitiesNamed(question, cells).length > 0 || !explainedBeside(question, [])) return null
    const named = [...new Set(question.years)].sort((a, b) => a - b)
    const percent = question.operation === 'percentage-change'
    const changing =
      percent || question.operation === 'difference' || (question.direction !== null && named.length === 2)
    const years = changing ? named : null
    if (years && years.length !== 2) return null
    const year = years ? years[1]! : yearAsked(question, yearsListed(cells, kind))
    const list = year === undefined ? null : listOf(cells, kind, year)
    if (!list || list.length < 2) return null
    const before = years ? list.map((fact) => figureFor(cells, fact.entity, years[0]!)) : []
    if (before.some((fact) => !fact)) return null
    return {
      facts: [...list, ...(before as StoredFact[])],
      compute: (operands) => {
        const now = operands.slice(0, list.length)
        const then = operands.slice(list.length)
        const scores = now.map((operand, index) => {
          if (!years) return operand.value
          const change = operand.value.minus(then[index]!.value)
          return percent ? (then[index]!.value.isZero() ? null : change.dividedBy(then[index]!.value)) : change
        })
        if (scores.some((score) => score === null)) return null
        return ranked(list, now, then, scores as Decimal[], question.lowest)
      },
    }
  },
}

/** The entity whose score is highest (lowest), with each one's figures as the working; null on a tie. */
function ranked(
  list: StoredFact[],
  now: Operand[],
  then: Operand[],
  scores: Decimal[],
  lowest: boolean,
): Computation | null {
  const best = scores.reduce(
    (top, score, index) => ((lowest ? score.lessThan(scores[top]!) : score.greaterThan(scores[top]!)) ? index : top),
    0,
  )
  if (scores.filter((score) => score.equals(scores[best]!)).length > 1) return null
  const parts = list.flatMap((fact, index) => [
    `${index === 0 ? '' : '; '}${fact.entity}: `,
    ...(then.length ? [{ operand: then[index]!, text: then[index]!.cell.text }, ' → '] : []),
    { operand: now[index]!, text: now[index]!.cell.text },
  ])
  const entity = list[best]!.entity!
  return {
    value: new Decimal(best),
    display: entity,
    scale: null,
    unit: null,
    derivation: writeParts(parts),
    parts,
  }
}

/** "How many customers brought in over $600,000 of revenue in FY25?": the entities of a list past the threshold, counted. */
const listCount: FactStrategy = {
  name: 'list-count',
  answer(question, facts) {
    const { entityKind: kind, threshold } = question
    if (!/^\s*how many\b/.test(question.words) || !kind || !threshold || !question.measureKey) return null
    const cells = cellsOf(facts, question.measureKey, question)
    if (entitiesNamed(question, cells).length > 0 || !explainedBeside(question, [])) return null
    const year = yearAsked(question, yearsListed(cells, kind))
    const list = year === undefined ? null : listOf(cells, kind, year)
    if (!list) return null
    const { passes, counted } = thresholdOf(threshold)
    return {
      facts: list,
      compute: (operands, { scale }) =>
        counted(
          list.flatMap((fact, index) => [
            `${index === 0 ? '' : '; '}${fact.entity}: `,
            { operand: operands[index]!, text: operands[index]!.cell.text },
          ]),
          operands.filter((operand) => passes(operand.value, scale)).length,
          list.length,
        ),
    }
  },
}

export const ENTITY_STRATEGIES: readonly FactStrategy[] = [listTotal, topEntity, listCount, undatedEntity]
