import type { Block, FigureStyle, Table } from './blocks'
import type { Random } from './random'

/**
 * Where a table's scale is said: in its title, a caption right above it, a heading several rows or
 * paragraphs above, the table's own header, a footnote; or, for whole dollars, nowhere. A reader
 * (and the answerer) must find it wherever it is to read the figures right.
 */
export type ScalePlace = 'title' | 'caption' | 'heading-far-above' | 'header' | 'footnote'

/** A scale as a label says it (`short`) and as a sentence says it (`words`). */
const SCALES = {
  1_000: [
    { short: '($ in thousands)', words: 'in thousands of dollars' },
    { short: '$000s', words: 'in $000s' },
    { short: "USD '000", words: "in USD '000" },
    { short: '(in thousands)', words: 'in thousands' },
    { short: '(000s omitted)', words: 'in thousands of dollars' },
  ],
  1_000_000: [
    { short: '($ in millions)', words: 'in millions of dollars' },
    { short: '$m', words: 'in $ millions' },
    { short: 'USD m', words: 'in USD millions' },
  ],
}

/** Most owners' files are in thousands; some in whole dollars, a few in millions (to three decimals, exact). */
export function figureStyle(random: Random, scaledChance = 0.7): FigureStyle {
  return {
    unit: random.chance(scaledChance) ? (random.chance(0.2) ? 1_000_000 : 1_000) : 1,
    negatives: random.pick(['parentheses', 'minus'] as const),
    dollarSign: random.chance(0.25),
    percent: random.pick(['sign', 'fraction'] as const),
  }
}

export interface Framed {
  blocks: Block[]
  families: string[]
}

/**
 * The blocks of a titled table with its scale said in one place (chosen here), and the families
 * that says. `preamble` are lines an owner puts under a title (who prepared it, "unaudited"); with the
 * scale in a heading above the title, they keep the heading several rows away from the table.
 */
export function frame(
  random: Random,
  style: FigureStyle,
  { title, table, preamble }: { title: string; table: Table; preamble: string[] },
): Framed {
  const lines = preamble.map((text): Block => ({ kind: 'paragraph', text }))
  if (style.unit === 1) {
    return {
      blocks: [{ kind: 'title', text: title }, ...lines, { kind: 'table', table }],
      families: ['whole-dollars', style.dollarSign ? 'dollar-signs' : 'scale-unstated'],
    }
  }
  const { short, words } = random.pick(SCALES[style.unit])
  const place = random.pick<ScalePlace>(['title', 'caption', 'heading-far-above', 'header', 'footnote'])
  const families = [`scale-in-${place}`, ...(style.unit === 1_000_000 ? ['in-millions'] : [])]
  const tableBlock: Block = { kind: 'table', table }
  switch (place) {
    case 'title':
      return {
        blocks: [
          { kind: 'title', text: `${title} ${short.startsWith('(') ? short : `(${short})`}` },
          ...lines,
          tableBlock,
        ],
        families,
      }
    case 'caption':
      return {
        blocks: [
          { kind: 'title', text: title },
          ...lines,
          { kind: 'paragraph', text: random.pick([`Amounts ${words}`, short]) },
          tableBlock,
        ],
        families,
      }
    case 'heading-far-above':
      // The scale heads the page; the title and the preparer's lines stand between it and the table.
      return {
        blocks: [
          { kind: 'note', text: `All amounts ${words} unless otherwise stated` },
          { kind: 'spacer' },
          { kind: 'title', text: title },
          ...lines,
          { kind: 'spacer' },
          tableBlock,
        ],
        families,
      }
    case 'header': {
      const header = table.header.map((row) => [...row])
      header[header.length - 1]![0] = short
      return {
        blocks: [{ kind: 'title', text: title }, ...lines, { kind: 'table', table: { ...table, header } }],
        families,
      }
    }
    case 'footnote':
      return {
        blocks: [
          { kind: 'title', text: title },
          ...lines,
          tableBlock,
          { kind: 'note', text: random.pick([`Note: figures ${words}.`, `* ${short}`]) },
        ],
        families,
      }
  }
}
