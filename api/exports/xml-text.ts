import type { Block, DrawnReport, Run } from './report'

/**
 * What XML 1.0 cannot hold, escaped or not: C0 controls but tab, line feed and carriage return;
 * U+FFFE and U+FFFF; and a surrogate without its other half (with the `u` flag a lone one is a code
 * point of its own, outside every allowed range). Such a character makes the part that holds it not
 * well-formed, and Word refuses the file.
 */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu

/** The text without the characters XML 1.0 forbids. */
export const xmlText = (text: string) => text.replace(NOT_XML, '')

const runs = (items: Run[]) => items.map((run) => ({ ...run, text: xmlText(run.text) }))

function block(item: Block): Block {
  switch (item.kind) {
    case 'heading':
      return { ...item, text: xmlText(item.text) }
    case 'paragraph':
      return { ...item, runs: runs(item.runs) }
    case 'list':
      return { ...item, items: item.items.map(runs) }
    case 'table':
      return {
        ...item,
        header: item.header.map(xmlText),
        rows: item.rows.map((row) => row.map(xmlText)),
        note: item.note && xmlText(item.note),
      }
  }
}

/**
 * Every string of a report that a Word file is made of, the document's properties (title, creator)
 * included, without the characters XML 1.0 forbids: task titles, messages and document names are
 * the members' own text.
 */
export function xmlSafeReport(report: DrawnReport): DrawnReport {
  return {
    ...report,
    kind: xmlText(report.kind),
    title: xmlText(report.title),
    organization: xmlText(report.organization),
    details: report.details.map(xmlText),
    blocks: report.blocks.map(block),
    references: report.references.map((reference) => ({
      document: xmlText(reference.document),
      location: reference.location && xmlText(reference.location),
      quote: reference.quote && xmlText(reference.quote),
    })),
  }
}
