import { Form, NavLink, useNavigation } from '@remix-run/react'

import type { ConversationPayload as Conversation } from '#api/chat/contract'
import { DismissibleBanner } from '~/components/chat/dismissible-banner'
import { relativeTime } from '~/utils/documents'

/** Spec §9: titles are shown cut at 25 characters, then '...'. */
export const displayTitle = (title: string | null | undefined) => {
  const text = title?.trim() || 'New Conversation'
  return text.length > 25 ? `${text.slice(0, 25)}...` : text
}

const messageCount = (count: number) => `${count} message${count === 1 ? '' : 's'}`

/** The sidebar of spec §2 "Chat": the caller's conversations, newest activity first, and New. */
export function ConversationList({ conversations, now }: { conversations: Conversation[] | null; now: number }) {
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
              <NavLink to={`/chat/${conversation.id}`} className="sidebar-link conversation-link" prefetch="intent">
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
    </nav>
  )
}
