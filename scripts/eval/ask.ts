import { createParser } from 'eventsource-parser'

import type { scratchBackend } from './beir-corpus'

type Scratch = Awaited<ReturnType<typeof scratchBackend>>

export interface StreamedAnswer {
  content: string
  /** The documents the answer's markers cite, in marker order. */
  documentIds: number[]
  firstChunkMs: number
  lastMs: number
}

/**
 * Asks in a fresh conversation (limited to `documentIds` when given) through the streaming
 * endpoint, as the chat page does, timing the first chunk and the end.
 */
export async function askStreaming(
  scratch: Scratch,
  question: string,
  documentIds?: number[],
): Promise<StreamedAnswer> {
  const { backend, scoped, raw } = scratch
  const conversation = await scoped(backend.api, '/conversations/', {
    method: 'POST',
    json: { title: 'Evaluation', document_ids: documentIds },
  })
  const started = performance.now()
  const response = await raw(backend.api, `/conversations/${conversation.id}/add_message_streaming/?stream=true`, {
    method: 'POST',
    json: { content: question },
  })
  if (!response.ok) throw new Error(`"${question}" answered ${response.status}: ${await response.text()}`)
  let firstChunkMs = Number.NaN
  let final: { content: string; document_references: Array<{ document_id: number }> } | null = null
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
  const message = final as { content: string; document_references: Array<{ document_id: number }> }
  return {
    content: message.content,
    documentIds: message.document_references.map((reference) => reference.document_id),
    firstChunkMs,
    lastMs,
  }
}
