import { useRevalidator } from '@remix-run/react'
import { createParser } from 'eventsource-parser'
import { useCallback, useEffect, useRef, useState } from 'react'

import type { MessagePayload as Message } from '#api/chat/contract'

export const INCOMPLETE = 'Error: Failed to get complete response.'
export const SEND_FAILED = 'Failed to send message. Please try again.'
export const ANSWER_FAILED = 'Failed to get response. Please try again.'

/** A question being answered (spec §4 "Sending"): shown until the saved messages come back. */
export interface PendingTurn {
  question: string
  answer: string
  /** The saved answer, once the metadata event has brought it. */
  final: Message | null
  failure: string | null
  /** What the server said of a refusal (past the chat limits: when to ask again). */
  detail: string | null
}

type StreamEvent = { type: 'chunk'; content: string } | { type: 'metadata'; message: Message } | { type: 'error' }

/**
 * Sends a question through the relay route and reads the answer as it streams (spec §4 "Chat"):
 * chunks are appended to the placeholder, the final message replaces it and the conversation is
 * loaded again; an error appends the spec's line to the placeholder and says which step failed.
 * A new send, or leaving the conversation, closes the stream before.
 */
export function useAnswerStream(conversationId: number) {
  const [pending, setPending] = useState<PendingTurn | null>(null)
  const stream = useRef<AbortController | null>(null)
  const revalidator = useRevalidator()

  useEffect(
    () => () => {
      stream.current?.abort()
      setPending(null)
    },
    [conversationId],
  )

  const send = useCallback(
    async (question: string) => {
      stream.current?.abort()
      const controller = new AbortController()
      stream.current = controller
      setPending({ question, answer: '', final: null, failure: null, detail: null })
      const fail = (failure: string, detail: string | null = null) =>
        setPending((turn) => turn && { ...turn, answer: `${turn.answer}\n\n${INCOMPLETE}`.trim(), failure, detail })
      let response: Response
      try {
        // Form-encoded, as the page's form without JavaScript sends it: the cheaper body to read.
        const body = new URLSearchParams({ content: question })
        response = await fetch(`/resources/chat/${conversationId}/stream`, {
          method: 'POST',
          body,
          signal: controller.signal,
        })
        if (response.status === 429) {
          // Past the chat limits (issue 30): the server's detail says when to ask again.
          const refusal = (await response.json().catch(() => ({}))) as { detail?: unknown }
          if (!controller.signal.aborted) fail(SEND_FAILED, typeof refusal.detail === 'string' ? refusal.detail : null)
          return
        }
        if (!response.ok || !response.body) throw new Error(`HTTP error! Status: ${response.status}`)
      } catch {
        if (!controller.signal.aborted) fail(SEND_FAILED)
        return
      }
      let final: Message | null = null
      let failed = false
      const parser = createParser({
        onEvent(event) {
          const data = JSON.parse(event.data) as StreamEvent
          if (data.type === 'chunk') setPending((turn) => turn && { ...turn, answer: turn.answer + data.content })
          else if (data.type === 'metadata') final = data.message
          else failed = true
        },
      })
      try {
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
        for (;;) {
          const { done, value } = await reader.read()
          if (done) break
          parser.feed(value)
        }
      } catch {
        failed = true
      }
      if (controller.signal.aborted) return
      if (final && !failed) {
        const saved: Message = final
        setPending((turn) => turn && { ...turn, final: saved })
        revalidator.revalidate()
      } else fail(ANSWER_FAILED)
    },
    [conversationId, revalidator],
  )

  return {
    pending,
    sending: Boolean(pending && !pending.final && !pending.failure),
    send,
    /** Forgets the placeholder once the reloaded conversation holds the saved answer. */
    settle: () => setPending(null),
  }
}
