import { statedCell } from '../../shared/figures'
import type { PassageReference } from '../db/schema'
import { type Block, type MarkdownBlock, referenceList, type Report } from '../exports/report'
import type { ConversationPayload, MessagePayload } from './contract'

const SPEAKERS: Record<string, string> = { user: 'Question', assistant: 'Answer' }

function location(reference: PassageReference) {
  if (reference.page_number !== null) return `page ${reference.page_number}`
  if (reference.sheet_name) return `sheet “${reference.sheet_name}”`
  return null
}

/**
 * A conversation as a client-ready report: each question and answer in turn, the answers' [n]
 * numbered across the whole conversation, and under Sources each document with its page or sheet
 * and the cells a computed figure was read from, each as a reader reads it with the unit its row,
 * column or sheet names ("Revenue, FY2025: $26,100,000").
 */
export function conversationReport(
  conversation: ConversationPayload,
  messages: MessagePayload[],
  organization: string,
): Report {
  const { references, cite } = referenceList()
  const blocks: Array<Block | MarkdownBlock> = []
  for (const message of messages) {
    const own = message.document_references.map((reference, index) => {
      const cells = (message.derivation?.operands ?? []).filter((cell) => cell.reference === index + 1)
      return cite({
        document: reference.document_title,
        location: location(reference),
        quote: cells.length
          ? cells
              .map(
                (cell) =>
                  `${cell.row_label}, ${cell.column_label}: ${statedCell(cell.text, cell.row_label, cell.column_label, reference.sheet_name ?? '')}`,
              )
              .join('; ')
          : null,
      })
    })
    // The answer's own [n] become the report's numbers.
    const content = message.content.replace(/\[(\d{1,3})\]/g, (marker, n: string) => {
      const number = own[Number(n) - 1]
      return number === undefined ? marker : `[${number}]`
    })
    blocks.push({ kind: 'heading', text: message.speaker ?? SPEAKERS[message.role] ?? message.role })
    blocks.push({ kind: 'markdown', markdown: content })
    if (message.derivation?.parts.length) {
      const working = message.derivation.parts.map((part) => (typeof part === 'string' ? part : part.text)).join('')
      blocks.push({ kind: 'paragraph', runs: [{ text: 'Working: ', strong: true }, { text: working }] })
    }
  }
  const last = messages.at(-1)?.created_at ?? conversation.updated_at
  return {
    kind: 'Conversation',
    title: conversation.title,
    organization,
    date: new Date(last),
    details: [`${messages.length} messages`],
    blocks,
    references,
  }
}
