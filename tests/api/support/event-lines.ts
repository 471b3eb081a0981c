import type { DocumentReference } from '../../../api/db/schema'

/** One event of add_message_streaming, as spec §7 words it. */
export type StreamEvent =
  | { type: 'chunk'; content: string }
  | { type: 'metadata'; message: Record<string, unknown> & { content: string; document_references: Reference[] } }
  | { type: 'error'; error: string }

export type Reference = DocumentReference

/**
 * Reads a `text/event-stream` body event by event, keeping every raw line, so a test can check the
 * format line by line and act between two events (hold the provider, disconnect).
 */
export function eventLines(response: Response) {
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  const lines: string[] = []
  let buffer = ''
  let done = false

  async function next(): Promise<StreamEvent | undefined> {
    for (;;) {
      const end = buffer.indexOf('\n\n')
      if (end !== -1) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        lines.push(...block.split('\n'))
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice('data: '.length))
          .join('\n')
        return JSON.parse(data) as StreamEvent
      }
      if (done) return undefined
      const read = await reader.read()
      if (read.done) done = true
      else buffer += decoder.decode(read.value, { stream: true })
    }
  }

  return {
    next,
    lines,
    /** Every remaining event. */
    async rest() {
      const events: StreamEvent[] = []
      for (let event = await next(); event; event = await next()) events.push(event)
      return events
    },
    /** What was left unread (should be nothing once the stream has closed). */
    leftover: () => buffer,
    cancel: () => reader.cancel(),
  }
}

/** Asks `content` in a fresh conversation of `org` through the streaming endpoint: the saved answer. */
export async function askInNewConversation<Message>(
  api: {
    request: (path: string, init?: RequestInit & { json?: unknown; token?: string; org?: string }) => Promise<Response>
  },
  token: string,
  org: string,
  content: string,
): Promise<Message> {
  const created = await api.request('/conversations/', { method: 'POST', token, org, json: {} })
  const { id } = (await created.json()) as { id: number }
  const response = await api.request(`/conversations/${id}/add_message_streaming/?stream=true`, {
    method: 'POST',
    token,
    org,
    json: { content },
  })
  const last = (await eventLines(response).rest()).at(-1)
  if (last?.type !== 'metadata') throw new Error(`the stream ended with ${JSON.stringify(last)}`)
  return last.message as unknown as Message
}
