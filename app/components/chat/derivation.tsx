import { Fragment } from 'react'

import type { MessagePayload as Message } from '#api/chat/contract'
import { type CellCitation, cellHref, type DerivationPart, type MessageDerivation } from '#shared/cells'
import { readableFigure } from '#shared/figures'

type Reference = Message['document_references'][number]

/** The formula as the answer writes it: each operand followed by its passage's `[n]`. */
export const writtenFormula = (derivation: MessageDerivation) =>
  derivation.parts
    .map((part) => {
      if (typeof part === 'string') return part
      const { reference } = derivation.operands[part.operand]!
      return reference ? `${part.text} [${reference}]` : part.text
    })
    .join('')

/**
 * Splits an answer around the paragraph that writes its formula (the extractive answer's second
 * line; a lookup's "Revenue, 2025: 1,496.5 [1]"), so the formula can be drawn in its place with
 * links to its cells. A model that words the answer otherwise has the formula drawn after it.
 */
export function splitAtFormula(content: string, derivation: MessageDerivation) {
  const formula = writtenFormula(derivation)
  const paragraphs = content.split(/\n{2,}/)
  const index = paragraphs.findIndex((paragraph) => paragraph.trim().endsWith(formula))
  if (index === -1) return { before: content, lead: null, after: '' }
  const paragraph = paragraphs[index]!.trim()
  return {
    before: paragraphs.slice(0, index).join('\n\n'),
    lead: paragraph.slice(0, paragraph.length - formula.length),
    after: paragraphs.slice(index + 1).join('\n\n'),
  }
}

/** Where a cell is, in words: its sheet or page, else its document. */
function placeOf(operand: CellCitation, references: Reference[]) {
  if (operand.sheet_name) return `sheet ${operand.sheet_name}`
  if (operand.page_number) return `page ${operand.page_number}`
  return operand.reference ? (references[operand.reference - 1]?.document_title ?? null) : null
}

/**
 * An operand as a link to its cell, named for a screen reader by what it is and where it was read:
 * "1,496.5: Revenue, 2025, sheet FY, source 1" (the visible figure first, so voice control finds it).
 */
function OperandLink({
  part,
  operand,
  references,
}: {
  part: Extract<DerivationPart, object>
  operand: CellCitation
  references: Reference[]
}) {
  const labels = [operand.row_label, operand.column_label].filter(Boolean).join(', ')
  // A cell a spreadsheet stores as a bare number (10962000) is read as 10,962,000; the link leads to it as written.
  const figure = readableFigure(part.text)
  const name = [
    labels ? `${figure}: ${labels}` : figure,
    placeOf(operand, references),
    operand.reference ? `source ${operand.reference}` : null,
  ]
    .filter(Boolean)
    .join(', ')
  return (
    <span className="derivation-operand">
      <a href={cellHref(operand)} target="_blank" rel="noopener noreferrer" aria-label={name}>
        {figure}
      </a>
      {operand.reference ? (
        // The link's name already says which source it is.
        <span className="derivation-source" aria-hidden="true">
          {' '}
          [{operand.reference}]
        </span>
      ) : null}
    </span>
  )
}

/** The working of a computed answer, every operand a link to the cell it was read from. */
export function Derivation({
  derivation,
  lead,
  references,
}: {
  derivation: MessageDerivation
  /** What the answer wrote before the formula on its line ("Revenue, 2025: "). */
  lead: string
  references: Reference[]
}) {
  return (
    <div className="derivation">
      <p className="derivation-title">
        {derivation.parts.length === 1
          ? 'Read from (the figure links to its cell):'
          : 'Working (each figure links to its cell):'}
      </p>
      <p className="derivation-formula">
        {lead}
        {derivation.parts.map((part, index) =>
          typeof part === 'string' ? (
            <Fragment key={index}>{part}</Fragment>
          ) : (
            <OperandLink key={index} part={part} operand={derivation.operands[part.operand]!} references={references} />
          ),
        )}
      </p>
    </div>
  )
}
