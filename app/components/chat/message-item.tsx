import { Markdown, SiteLink } from '~/components/markdown'
import type { Message } from '~/services/conversations.server'
import { relativeTime } from '~/utils/documents'

import { Derivation, splitAtFormula } from './derivation'

type Reference = Message['document_references'][number]

/**
 * Where a citation leads: the document's page at the cited passage, which it highlights, or the
 * meeting's turn further up this conversation.
 */
export const passageHref = (reference: Reference) =>
  reference.document_id === null
    ? `#${turnAnchor(reference.message_id)}`
    : `/documents/${reference.document_id}?chunk=${reference.chunk_id}#passage-${reference.chunk_id}`

const turnAnchor = (messageId: number) => `message-${messageId}`

/**
 * The answer's `[n]` markers as links to their passages. Only markers that name a saved reference
 * become links (the server keeps no other); a bracketed number inside code stays as written.
 */
function linkMarkers(content: string, references: Reference[]) {
  return content.replace(/(`+)[\s\S]*?\1|\[(\d{1,3})\](?!\()/g, (whole, fence: string | undefined, digits?: string) => {
    if (fence || !digits) return whole
    const reference = references[Number(digits) - 1]
    return reference ? `[\\[${digits}\\]](${passageHref(reference)})` : whole
  })
}

// Every message, whoever wrote it (the user, a meeting's speaker, a template, the answerer quoting
// a document), goes through the one Markdown component and its rules for links and images.
function MessageMarkdown({ content, references }: { content: string; references: Reference[] }) {
  return content ? <Markdown>{linkMarkers(content, references)}</Markdown> : null
}

/** The answer; one computed from tables has its formula drawn with a link to each operand's cell. */
export function MessageContent({
  content,
  references,
  derivation = null,
}: {
  content: string
  references: Reference[]
  derivation?: Message['derivation']
}) {
  if (!derivation) {
    return (
      <div className="message-content">
        <MessageMarkdown content={content} references={references} />
      </div>
    )
  }
  const { before, lead, after } = splitAtFormula(content, derivation)
  return (
    <div className="message-content">
      <MessageMarkdown content={before} references={references} />
      <Derivation derivation={derivation} lead={lead ?? ''} references={references} />
      <MessageMarkdown content={after} references={references} />
    </div>
  )
}

// Spec §3: the sender roles of a conversation made from a meeting's transcript.
const SPEAKER_ROLE_LABELS: Record<string, string> = { client: 'Client', advisor: 'Advisor', participant: 'Participant' }

function authorName(author: Message['role'], speaker: string | null) {
  if (author === 'user') return 'You'
  if (author === 'assistant') return 'Assistant'
  return (
    <>
      {speaker ?? SPEAKER_ROLE_LABELS[author]}
      <span className="message-speaker-role muted">{SPEAKER_ROLE_LABELS[author]}</span>
    </>
  )
}

/**
 * Spec §2: a message with its author, its time ('Just now' without one) and its sources; a meeting's
 * turn with its speaker and their role.
 */
export function MessageItem({
  id,
  messageId,
  author,
  speaker = null,
  content,
  createdAt,
  references,
  derivation = null,
  now,
  streaming = false,
}: {
  id?: string
  /** The saved message's id, which a citation of a meeting's turn links to. */
  messageId?: number
  author: Message['role']
  speaker?: string | null
  content: string
  createdAt: string | null
  references: Reference[]
  /** The working of an answer computed from tables, once saved (a streaming answer has none yet). */
  derivation?: Message['derivation']
  now: number
  streaming?: boolean
}) {
  return (
    <li id={id} className={`message message-${author}`}>
      <div className="message-header">
        <span className="message-author" id={messageId === undefined ? undefined : turnAnchor(messageId)}>
          {authorName(author, speaker)}
        </span>
        <span className="message-time muted">{createdAt ? relativeTime(createdAt, now) : 'Just now'}</span>
      </div>
      {streaming && !content ? (
        <p className="message-thinking" role="status">
          Thinking...
          <span className="typing-indicator" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
        </p>
      ) : (
        <MessageContent content={content} references={references} derivation={derivation} />
      )}
      {references.length ? (
        <div className="message-sources">
          <p className="message-sources-title">Sources:</p>
          <ol>
            {references.map((reference, index) => (
              <li key={index}>
                <SiteLink
                  href={
                    reference.document_id === null
                      ? `#${turnAnchor(reference.message_id)}`
                      : `/documents/${reference.document_id}`
                  }
                >
                  {reference.document_title}
                </SiteLink>{' '}
                <span className="muted">(Relevance: {Math.round(reference.relevance_score * 100)}%)</span>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </li>
  )
}
