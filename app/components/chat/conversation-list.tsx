import { Form, Link, NavLink, useLocation, useNavigation } from '@remix-run/react'

import type { ConversationPayload as Conversation } from '#api/chat/contract'
import { DismissibleBanner } from '~/components/chat/dismissible-banner'
import { relativeTime } from '~/utils/documents'

/** Spec §9: titles are shown cut at 25 characters, then '...'. */
export const displayTitle = (title: string | null | undefined) => {
  const text = title?.trim() || 'New Conversation'
  return text.length > 25 ? `${text.slice(0, 25)}...` : text
}

const messageCount = (count: number) => `${count} message${count === 1 ? '' : 's'}`

/**
 * The conversations the sidebar lists at once: past a few dozen, every page of the chat would carry
 * them all, twice (decision 086).
 */
export const CONVERSATIONS_PER_PAGE = 30

/**
 * The sidebar of spec §2 "Chat": the caller's conversations, newest activity first, and New. A page
 * of them: the most recent, or (`older`) those after that one, with links to the next page
 * (`olderFrom`) and back to the most recent; a conversation opened from an older page keeps it.
 */
export function ConversationList({
  conversations,
  older,
  olderFrom,
  now,
}: {
  conversations: Conversation[] | null
  older: number | null
  olderFrom: number | null
  now: number
}) {
  const { pathname } = useLocation()
  const navigation = useNavigation()
  const creating = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'create'
  return (
    <nav className="chat-sidebar" aria-labelledby="chat-sidebar-title">
      <div className="chat-sidebar-header">
        <h1 id="chat-sidebar-title">Conversations</h1>
        <Form method="post" action="/chat">
          <button type="submit" name="intent" value="create" className="button" disabled={creating}>
            New
          </button>
        </Form>
      </div>
      {conversations === null ? (
        <DismissibleBanner message="Failed to load conversations. Please try again." />
      ) : conversations.length === 0 ? (
        <div className="chat-sidebar-empty">
          <p>No conversations yet.</p>
          <p className="muted">Start a new chat to begin.</p>
        </div>
      ) : (
        <ul className="sidebar-list">
          {conversations.map((conversation) => (
            <li key={conversation.id}>
              <NavLink
                to={older === null ? `/chat/${conversation.id}` : `/chat/${conversation.id}?older=${older}`}
                className="sidebar-link conversation-link"
                prefetch="intent"
              >
                <span className="sidebar-link-name">{displayTitle(conversation.title)}</span>
                <span className="conversation-meta">
                  <span>{relativeTime(conversation.updated_at, now)}</span>
                  <span>{messageCount(conversation.message_count)}</span>
                </span>
              </NavLink>
            </li>
          ))}
        </ul>
      )}
      {olderFrom !== null || older !== null ? (
        <p className="chat-sidebar-more">
          {olderFrom !== null ? <Link to={`${pathname}?older=${olderFrom}`}>Older conversations</Link> : null}
          {older !== null ? <Link to={pathname}>Most recent conversations</Link> : null}
        </p>
      ) : null}
    </nav>
  )
}
