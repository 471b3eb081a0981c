import { Form } from '@remix-run/react'
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'

import { MAX_MESSAGE } from '#shared/chat'

/**
 * Spec §2's input: one row at first, 'Type your message...', Enter sends and Shift+Enter adds a
 * line. Without JavaScript it is a plain form posted to the conversation, which answers with the
 * whole reply; with it `onSend` streams the answer instead.
 */
export const ChatInput = forwardRef<
  HTMLTextAreaElement,
  {
    action: string
    busy: boolean
    onSend?: (content: string) => void
    /** A question the server refused, given back to send again. */
    defaultValue?: string
  }
>(function ChatInput({ action, busy, onSend, defaultValue }, ref) {
  const hydrated = useHydrated()
  // Uncontrolled, so what was typed before the page's JavaScript arrived survives hydration.
  const textarea = useRef<HTMLTextAreaElement>(null)
  useImperativeHandle(ref, () => textarea.current!)
  const [blank, setBlank] = useState(true)
  useEffect(() => setBlank(!textarea.current?.value.trim()), [])
  return (
    <Form
      method="post"
      action={action}
      className="chat-input"
      onSubmit={(event) => {
        if (!onSend) return
        event.preventDefault()
        const content = textarea.current?.value.trim() ?? ''
        if (!content || busy) return
        onSend(content)
        textarea.current!.value = ''
        setBlank(true)
      }}
    >
      <input type="hidden" name="intent" value="send" />
      <label htmlFor="chat-message" className="visually-hidden">
        Message
      </label>
      <textarea
        ref={textarea}
        id="chat-message"
        name="content"
        rows={1}
        placeholder="Type your message..."
        maxLength={MAX_MESSAGE}
        defaultValue={defaultValue}
        aria-describedby="chat-message-help"
        onChange={(event) => setBlank(!event.currentTarget.value.trim())}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
          event.preventDefault()
          event.currentTarget.form?.requestSubmit()
        }}
      />
      {/* Disabled only once JavaScript runs: without it the server ignores a blank message. */}
      <button type="submit" className="button-primary" disabled={busy || (hydrated && blank)}>
        Send
      </button>
      {/* Enter sends only once the page's script handles it; without it Enter is a new line. */}
      <p id="chat-message-help" className="field-help">
        {hydrated ? 'Press Enter to send, Shift+Enter for a new line' : 'Press Send to send; Enter adds a new line'}
      </p>
    </Form>
  )
})
