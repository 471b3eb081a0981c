import type { Paragraph, Parent, Root, RootContent, Table } from 'mdast'

import { CUT_MARK, cutAt, MAX_TABLE_CELL_CHARS, tableBounds, tableCutNote } from '#shared/table-bounds'

/** What a cell's phrasing holds, as far as its text goes: a value (text, code, raw HTML), an image's alt, or children. */
interface Phrasing {
  type: string
  value?: string
  alt?: string | null
  children?: Phrasing[]
}

/**
 * Keeps the first `budget.left` characters of a cell's text, ending it with "…" where it was cut, and
 * drops what follows; true when something was cut. Link addresses are not text: they stay whole.
 */
function cutPhrasing(nodes: Phrasing[], budget: { left: number }): boolean {
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index]!
    const field = typeof node.value === 'string' ? 'value' : typeof node.alt === 'string' ? 'alt' : null
    if (field) {
      const text = node[field]!
      if (text.length > budget.left) {
        node[field] = text.slice(0, cutAt(text, budget.left)) + CUT_MARK
        nodes.length = index + 1
        return true
      }
      budget.left -= text.length
    } else if (node.children && cutPhrasing(node.children, budget)) {
      nodes.length = index + 1
      return true
    }
  }
  return false
}

/**
 * The table cut to the bounds in place, before mdast-util-to-hast pads every row to the header's
 * width: rows and their cells are dropped, never made. Answers what was cut, in words, or null.
 */
function boundTable(table: Table): string | null {
  const columns = table.align?.length ?? table.children[0]?.children.length ?? 0
  const rows = Math.max(table.children.length - 1, 0)
  const { keptColumns, keptRows } = tableBounds(columns, rows)
  if (table.children.length > keptRows + 1) table.children.length = keptRows + 1
  if (table.align && table.align.length > keptColumns) table.align.length = keptColumns
  let cutCells = 0
  for (const row of table.children) {
    if (row.children.length > keptColumns) row.children.length = keptColumns
    for (const cell of row.children)
      if (cutPhrasing(cell.children as Phrasing[], { left: MAX_TABLE_CELL_CHARS })) cutCells++
  }
  return tableCutNote({ columns, rows, keptColumns, keptRows, cutCells })
}

// A div, not a p: in a tight list item mdast-util-to-hast unwraps a p into bare text.
const cutNote = (text: string): Paragraph => ({
  type: 'paragraph',
  data: { hName: 'div', hProperties: { className: ['muted', 'table-cut'] } },
  children: [{ type: 'text', value: text }],
})

/** The blocks that can hold a table, directly or further down. */
const CONTAINERS = new Set(['blockquote', 'list', 'listItem', 'footnoteDefinition'])

/**
 * A remark plugin: every GFM table of the tree within shared/table-bounds.ts's bounds, the cut said
 * under the table. Walks the blocks without recursion: quotes nest as deep as the text
 * allows.
 */
export function remarkBoundedTables() {
  return (tree: Root) => {
    const parents: Parent[] = [tree]
    for (let parent = parents.pop(); parent; parent = parents.pop()) {
      const children = parent.children as RootContent[]
      const bounded: RootContent[] = []
      let noted = false
      for (const node of children) {
        bounded.push(node)
        if (node.type === 'table') {
          const note = boundTable(node)
          if (note) {
            bounded.push(cutNote(note))
            noted = true
          }
        } else if (CONTAINERS.has(node.type)) parents.push(node as Parent)
      }
      if (noted) parent.children = bounded as Parent['children']
    }
  }
}
