import { createParser } from 'eventsource-parser'

import type { scratchBackend } from './beir-corpus'

type Workspace = Pick<Awaited<ReturnType<typeof scratchBackend>>, 'backend' | 'scoped' | 'raw'>
interface Message {
  content: string
  document_references: Array<{ document_id: number; chunk_id: number; relevance_score: number }>
  derivation: { strategy?: string; operands: Array<{ reference: number | null }> } | null
}

export interface StreamedAnswer {
  content: string
  /** The documents the answer's markers cite, in marker order. */
  documentIds: number[]
  /** The passages the answer's markers cite, in marker order: chunk, relevance shown, and whether a computed figure read its cells. */
  sources: Array<{ chunkId: number; relevance: number; cells: boolean }>
  firstChunkMs: number
  lastMs: number
  /** The fact layer's strategy that answered, as the saved working names it; null for an answer from passages. */
  strategy: string | null
}

/**
 * Asks in a fresh conversation (limited to `documentIds` when given) through the streaming
 * endpoint, as the chat page does, timing the first chunk and the end. A follow-up is asked after
 * the question it `follows`, in the same conversation.
 */
export async function askStreaming(
  workspace: Workspace,
  question: string,
  documentIds?: number[],
  follows?: string,
): Promise<StreamedAnswer> {
  const conversation = await workspace.scoped(workspace.backend.api, '/conversations/', {
    method: 'POST',
    json: { title: 'Evaluation', document_ids: documentIds },
  })
  if (follows) await askIn(workspace, conversation.id, follows)
  return askIn(workspace, conversation.id, question)
}

async function askIn({ backend, raw }: Workspace, conversationId: number, question: string): Promise<StreamedAnswer> {
  const started = performance.now()
  const response = await raw(backend.api, `/conversations/${conversationId}/add_message_streaming/?stream=true`, {
    method: 'POST',
    json: { content: question },
  })
  if (!response.ok) throw new Error(`"${question}" answered ${response.status}: ${await response.text()}`)
  let firstChunkMs = Number.NaN
  let final: Message | null = null
  const parser = createParser({
    onEvent(event) {
      const data = JSON.parse(event.data)
      if (data.type === 'chunk' && Number.isNaN(firstChunkMs)) firstChunkMs = performance.now() - started
      if (data.type === 'metadata') final = data.message
      if (data.type === 'error') throw new Error(`"${question}": ${data.error}`)
    },
  })
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  for (let read = await reader.read(); !read.done; read = await reader.read()) parser.feed(read.value)
  const lastMs = performance.now() - started
  if (!final) throw new Error(`"${question}": the stream ended without the final message`)
  const message = final as Message
  return {
    content: message.content,
    documentIds: message.document_references.map((reference) => reference.document_id),
    sources: message.document_references.map((reference, index) => ({
      chunkId: reference.chunk_id,
      relevance: reference.relevance_score,
      cells: (message.derivation?.operands ?? []).some((operand) => operand.reference === index + 1),
    })),
    firstChunkMs,
    lastMs,
    strategy: message.derivation?.strategy ?? null,
  }
}
