import type { Nodes, PhrasingContent, RootContent } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmFromMarkdown } from 'mdast-util-gfm'
import { gfm } from 'micromark-extension-gfm'

import type { Block, DrawnReport, Report, Run } from './report'

/** A node's text as a reader sees it: links as their words, code as written, images by their alt. */
function plain(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string') return node.value
  if (node.type === 'image') return node.alt ?? ''
  if (node.type === 'break') return '\n'
  return 'children' in node ? (node.children as Nodes[]).map(plain).join('') : ''
}

function phrasing(nodes: PhrasingContent[], strong = false): Run[] {
  return nodes.flatMap((node): Run[] =>
    node.type === 'strong' ? phrasing(node.children, true) : [{ text: plain(node), strong }],
  )
}

function block(node: RootContent): Block[] {
  switch (node.type) {
    case 'heading':
      return [{ kind: 'heading', text: plain(node) }]
    case 'paragraph':
      return [{ kind: 'paragraph', runs: phrasing(node.children) }]
    case 'list':
      return [
        {
          kind: 'list',
          ordered: Boolean(node.ordered),
          // A nested list reads as its item's further lines: exports keep one level.
          items: node.children.map((item) =>
            item.children.flatMap((child, index) => {
              const runs = child.type === 'paragraph' ? phrasing(child.children) : [{ text: plain(child) }]
              return index === 0 ? runs : [{ text: ' ' }, ...runs]
            }),
          ),
        },
      ]
    case 'table': {
      // A row's cells past the header's are not the table's (GFM, and the page, leave them out); a
      // short row stays short here, and the renderers bound the table before padding what they keep.
      const width = node.children[0]?.children.length ?? 0
      const [head, ...body] = node.children.map((row) => row.children.slice(0, width).map((cell) => plain(cell)))
      return [{ kind: 'table', header: head ?? [], rows: body }]
    }
    case 'blockquote':
      return node.children.flatMap(block)
    case 'code':
      return [{ kind: 'paragraph', runs: [{ text: node.value }] }]
    case 'thematicBreak':
    case 'html':
    case 'definition':
      return node.type === 'html' && node.value.trim() ? [{ kind: 'paragraph', runs: [{ text: node.value }] }] : []
    default:
      return [{ kind: 'paragraph', runs: [{ text: plain(node) }] }]
  }
}

/**
 * Markdown (an answer, a summary) as report blocks. HTML in it is text: an export shows what was
 * written, it runs nothing.
 */
export function markdownBlocks(markdown: string): Block[] {
  const tree = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] })
  return tree.children.flatMap(block)
}

/** The report with its Markdown made into blocks: done where it is drawn, in the rendering thread. */
export const drawnReport = (report: Report): DrawnReport => ({
  ...report,
  blocks: report.blocks.flatMap((block) => (block.kind === 'markdown' ? markdownBlocks(block.markdown) : [block])),
})
