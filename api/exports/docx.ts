import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  Header,
  HeadingLevel,
  LevelFormat,
  Packer,
  PageNumber,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx'

import { drawnReport } from './markdown-blocks'
import { type Block, boundedReport, citeMarks, organizationInitial, type Report, reportDate, type Run } from './report'
import { xmlSafeReport } from './xml-text'

const ACCENT = '1E40AF'
const MUTED = '4B5563'
const FONT = 'Calibri'

const runs = (items: Run[]) => items.map((run) => new TextRun({ text: run.text, bold: run.strong }))

const rule = { style: BorderStyle.SINGLE, size: 4, color: 'D1D5DB' }

/**
 * A table as boundedReport() leaves it, every row as wide as the header. The rules are the table's,
 * not each cell's: four borders a cell made most of a large table's XML.
 */
function table({ header, rows }: Extract<Block, { kind: 'table' }>) {
  const row = (cells: string[], bold: boolean) =>
    new TableRow({
      tableHeader: bold,
      children: cells.map(
        (text) =>
          new TableCell({
            shading: bold ? { type: ShadingType.CLEAR, fill: 'F3F4F6', color: 'auto' } : undefined,
            // An empty cell holds an empty paragraph, as Word requires, and no run.
            children: [new Paragraph({ children: text ? [new TextRun({ text, bold, size: 18 })] : [] })],
          }),
      ),
    })
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    borders: { top: rule, bottom: rule, left: rule, right: rule, insideHorizontal: rule, insideVertical: rule },
    rows: [...(header.length ? [row(header, true)] : []), ...rows.map((cells) => row(cells, false))],
  })
}

/** Each ordered list restarts at 1: Word continues a numbering across lists unless told apart. */
function blocksToWord(blocks: Block[]) {
  let lists = 0
  const children: Array<Paragraph | Table> = []
  for (const block of blocks) {
    switch (block.kind) {
      case 'heading':
        children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(block.text)] }))
        break
      case 'paragraph':
        children.push(new Paragraph({ children: runs(block.runs), spacing: { after: 120 } }))
        break
      case 'list': {
        const instance = lists++
        for (const item of block.items)
          children.push(
            new Paragraph({
              children: runs(item),
              numbering: { reference: block.ordered ? 'numbered' : 'bullets', level: 0, instance },
            }),
          )
        break
      }
      case 'table':
        children.push(
          table(block),
          new Paragraph({
            children: block.note ? [new TextRun({ text: block.note, color: MUTED, size: 18 })] : [],
          }),
        )
        break
    }
  }
  return children
}

/**
 * The report as a Word document: the organization in the header, page numbers in the footer. Its
 * tables are bounded and every string in it is one XML can hold, the document's properties included.
 */
export function reportDocx(made: Report): Promise<Buffer> {
  const report = xmlSafeReport(boundedReport(drawnReport(made)))
  const references = report.references.length
    ? [
        new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun('Sources')] }),
        ...report.references.map(
          (reference, index) =>
            new Paragraph({
              spacing: { after: 80 },
              children: [
                new TextRun({ text: `${citeMarks([index + 1])} ` }),
                new TextRun({
                  text: `${reference.document}${reference.location ? `, ${reference.location}` : ''}`,
                  bold: true,
                }),
                ...(reference.quote ? [new TextRun({ text: `: “${reference.quote}”` })] : []),
              ],
            }),
        ),
      ]
    : []
  const document = new Document({
    title: `${report.title} - ${report.kind}`,
    creator: report.organization,
    styles: {
      default: { document: { run: { font: FONT, size: 22 } } },
      paragraphStyles: [
        { id: 'Heading2', name: 'Heading 2', run: { bold: true, size: 26, color: ACCENT, font: FONT } },
        { id: 'Title', name: 'Title', run: { bold: true, size: 40, font: FONT } },
      ],
    },
    numbering: {
      config: [
        {
          reference: 'numbered',
          levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.LEFT }],
        },
        {
          reference: 'bullets',
          levels: [{ level: 0, format: LevelFormat.BULLET, text: '•', alignment: AlignmentType.LEFT }],
        },
      ],
    },
    sections: [
      {
        headers: {
          default: new Header({
            children: [
              new Paragraph({
                children: [
                  // The organization's mark as the app shows it without a logo: its initial.
                  new TextRun({
                    text: ` ${organizationInitial(report.organization)} `,
                    bold: true,
                    color: 'FFFFFF',
                    shading: { type: ShadingType.CLEAR, fill: ACCENT, color: 'auto' },
                  }),
                  new TextRun({ text: `  ${report.organization}`, color: MUTED, size: 18 }),
                  new TextRun({ text: `\t${report.kind} · ${reportDate(report)}`, color: MUTED, size: 18 }),
                ],
                tabStops: [{ type: 'right', position: 9000 }],
              }),
            ],
          }),
        },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [
                  new TextRun({ children: ['Page ', PageNumber.CURRENT, ' of ', PageNumber.TOTAL_PAGES], size: 18 }),
                ],
              }),
            ],
          }),
        },
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(report.title)] }),
          ...[report.kind, ...report.details, reportDate(report)].map(
            (line) => new Paragraph({ children: [new TextRun({ text: line, color: MUTED, size: 20 })] }),
          ),
          new Paragraph({ children: [] }),
          ...blocksToWord(report.blocks),
          ...references,
        ],
      },
    ],
  })
  return Packer.toBuffer(document)
}
