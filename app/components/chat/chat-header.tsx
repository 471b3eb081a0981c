import { Form, Link, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'

import { MAX_CONVERSATION_TITLE } from '#shared/chat'
import { ExportLinks } from '~/components/export-links'
import { relativeTime } from '~/utils/documents'

type Mode = 'rename' | 'delete' | null

/**
 * Spec §2: the title (fallback 'Chat') and 'Created {relative time}', with inline rename (Enter
 * saves, Escape cancels) and delete behind a confirmation. Without JavaScript Rename and Delete are
 * links to the same page with the form or the confirmation open (`?rename`, `?delete`).
 */
export function ChatHeader({
  conversation,
  now,
  initialMode,
}: {
  conversation: { id: number; title: string; created_at: string }
  now: number
  initialMode: Mode
}) {
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const [mode, setMode] = useState<Mode>(initialMode)
  const [shownFor, setShownFor] = useState(conversation.id)
  if (shownFor !== conversation.id) {
    setShownFor(conversation.id)
    setMode(initialMode)
  }
  const input = useRef<HTMLInputElement>(null)
  const renameButton = useRef<HTMLAnchorElement>(null)
  useEffect(() => {
    if (mode === 'rename') input.current?.select()
  }, [mode])

  const here = `/chat/${conversation.id}`
  const busy = navigation.state === 'submitting'
  const open = (next: Mode) => (event: React.MouseEvent) => {
    if (!hydrated) return
    event.preventDefault()
    setMode(next)
  }
  const cancel = (event?: React.SyntheticEvent) => {
    if (!hydrated) return
    event?.preventDefault()
    setMode(null)
    requestAnimationFrame(() => renameButton.current?.focus())
  }

  return (
    <header className="chat-header">
      {mode === 'rename' ? (
        <Form method="post" action={here} className="chat-rename" onSubmit={() => setMode(null)}>
          <input type="hidden" name="intent" value="rename" />
          <label htmlFor="conversation-title" className="visually-hidden">
            Conversation title
          </label>
          <input
            ref={input}
            id="conversation-title"
            name="title"
            defaultValue={conversation.title}
            maxLength={MAX_CONVERSATION_TITLE}
            required
            autoFocus
            onKeyDown={(event) => {
              if (event.key === 'Escape') cancel(event)
            }}
          />
          <button type="submit" className="button-primary" disabled={busy}>
            Save
          </button>
          <Link to={here} className="button" onClick={cancel}>
            Cancel
          </Link>
        </Form>
      ) : (
        <div className="chat-title">
          <h2>{conversation.title.trim() || 'Chat'}</h2>
          <p className="muted">Created {relativeTime(conversation.created_at, now)}</p>
        </div>
      )}
      {mode === 'delete' ? (
        <Form method="post" action={here} className="chat-delete-confirm" aria-labelledby="delete-question">
          <p id="delete-question">Are you sure you want to delete this conversation?</p>
          <button type="submit" name="intent" value="delete" className="button-danger" disabled={busy} autoFocus>
            Delete
          </button>
          <Link to={here} className="button" onClick={cancel}>
            Cancel
          </Link>
        </Form>
      ) : mode === null ? (
        <div className="chat-header-actions">
          <Link ref={renameButton} to={`${here}?rename`} className="button" onClick={open('rename')}>
            Rename
          </Link>
          <Link to={`${here}?delete`} className="button" onClick={open('delete')}>
            Delete
          </Link>
          <details className="dropdown export-menu">
            <summary className="button">Download</summary>
            <ExportLinks
              label="Download this conversation"
              href={(format) => `/resources/chat/${conversation.id}/export?format=${format}`}
              formats={['pdf', 'docx']}
            />
          </details>
        </div>
      ) : null}
    </header>
  )
}
