import type { Deps } from '../../kernel/context'
import { linkFacts } from '../fact-links'
import type { StoredFact } from '../organization-facts'
import { type FactAnswer, type Ranked, withChunks } from './fact-answer'

/** What is cited: a fact or a term, by its document and quote, named by its row. */
type Cited = Pick<StoredFact, 'documentId' | 'kind' | 'source'>

/** A statement read from the documents that is no computed figure: a date, a name, a count of them. */
export interface Stated<C extends Cited> {
  strategy: string
  cited: C[]
  /** The answer's first line: "December 31, 2030", "Dunmore Properties". */
  figure: string
  /** The working as the answer writes it, each cited item where it stands with the words it is read as. */
  working: Array<string | { item: C; text: string; row: string }>
}

/**
 * The one name the matching terms give (a person in a role, the firm that signed a report), stated
 * with the words that lead to it; null when they give none, or two that differ (`same` says which
 * are one).
 */
export function theOneNamed<C extends Cited & { text: string }>(
  matching: C[],
  same: (item: C) => string,
  strategy: string,
  lead: (item: C) => string,
): Stated<C> | null {
  if (new Set(matching.map(same)).size !== 1) return null
  const item = matching[0]!
  return { strategy, cited: [item], figure: item.text, working: [lead(item), { item, text: item.text, row: '' }] }
}

/**
 * The answer citing what it read by its passage, and by its cell where it sits in a table's cell
 * (as a figure is cited); null when a cited item's passage is not found.
 */
export async function statedAnswer<C extends Cited, P extends Ranked>(
  deps: Deps,
  organizationId: number,
  passages: P[],
  read: Stated<C>,
): Promise<FactAnswer<P> | null> {
  const links = await linkFacts(deps, organizationId, read.cited)
  if (read.cited.some((item) => !links.has(item))) return null
  const all = await withChunks(
    deps,
    organizationId,
    passages,
    read.cited.map((item) => links.get(item)!.chunkId),
  )
  const passageOf = (item: C) => all.findIndex((passage) => passage.reference.chunk_id === links.get(item)!.chunkId)
  const derivation = read.working
    .map((part) => (typeof part === 'string' ? part : `${part.text} [${passageOf(part.item) + 1}]`))
    .join('')
  const drawn = read.cited.every((item) => links.get(item)!.cell !== null)
  const rows = new Map(read.working.flatMap((part) => (typeof part === 'string' ? [] : [[part.item, part]])))
  return {
    computed: {
      figure: read.figure,
      derivation,
      cells: '',
      parts: drawn
        ? read.working.map((part) =>
            typeof part === 'string' ? part : { operand: read.cited.indexOf(part.item), text: part.text },
          )
        : [],
      operands: drawn
        ? read.cited.map((item) => {
            const { cell, columnLabel } = links.get(item)!
            return {
              ...cell!,
              rowLabel: rows.get(item)?.row ?? '',
              columnLabel: columnLabel ?? '',
              text: rows.get(item)?.text ?? '',
              passage: passageOf(item),
            }
          })
        : [],
      strategy: read.strategy,
    },
    notHeld: null,
    passages: all,
  }
}
