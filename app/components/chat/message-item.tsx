import type { MessagePayload as Message } from '#api/chat/contract'
import { passageHref } from '#shared/cells'
import { Markdown, SiteLink } from '~/components/markdown'
import { relativeTime } from '~/utils/documents'

import { Derivation, splitAtFormula } from './derivation'
import { turnAnchor, type TurnHref } from './message-window'

type Reference = Message['document_references'][number]

/**
 * Where a citation leads: the document's page at the cited passage, which it highlights (the rows
 * the answer took from it, when it took some), or the meeting's turn in this conversation.
 */
const citationHref = (reference: Reference, turnHref: TurnHref) =>
  reference.document_id === null
    ? turnHref(reference.message_id)
    : passageHref(reference.document_id, reference.chunk_id, reference.rows)

/**
 * The answer's `[n]` markers as links to their passages. Only markers that name a saved reference
 * become links (the server keeps no other); a bracketed number inside code stays as written.
 */
function linkMarkers(content: string, references: Reference[], turnHref: TurnHref) {
  return content.replace(/(`+)[\s\S]*?\1|\[(\d{1,3})\](?!\()/g, (whole, fence: string | undefined, digits?: string) => {
    if (fence || !digits) return whole
    const reference = references[Number(digits) - 1]
    return reference ? `[\\[${digits}\\]](${citationHref(reference, turnHref)})` : whole
  })
}

interface MessageText {
  content: string
  references: Reference[]
  derivation?: Message['derivation']
  /** Where a cited turn of the conversation's meeting is (`turnLinks`). */
  turnHref: TurnHref
}

/** A working with cells to link is drawn; one naming only its strategy (a name read from a sentence) is not. */
const drawn = (derivation: Message['derivation'] | null): derivation is NonNullable<Message['derivation']> =>
  derivation !== null && derivation !== undefined && derivation.operands.length > 0

/**
 * The Markdown a message shows, in order: the whole of it, or what comes before and after the
 * formula of an answer computed from tables (drawn apart, with links to its cells). The page's loader
 * renders these to HTML off its event loop (~/render/markdown-html.server.ts); the component draws the
 * same pieces.
 */
export function messageMarkdown({ content, references, derivation = null, turnHref }: MessageText) {
  if (!drawn(derivation)) return [linkMarkers(content, references, turnHref)]
  const { before, after } = splitAtFormula(content, derivation)
  return [linkMarkers(before, references, turnHref), linkMarkers(after, references, turnHref)]
}

/**
 * One piece of a message: the HTML rendered from it when the page has it, else (an answer streaming
 * in the browser) the Markdown component; `null` when the server could not render it in time, as its
 * text. Every message, whoever wrote it (the user, a meeting's speaker, a template, the answerer
 * quoting a document), is rendered by the one Markdown component and its rules for links and images.
 */
function MessagePiece({ markdown, html }: { markdown: string; html: string | null | undefined }) {
  if (!markdown) return null
  if (html === undefined) return <Markdown>{markdown}</Markdown>
  if (html === null)
    return (
      <>
        <p className="message-plain">{markdown}</p>
        <p className="muted message-plain-note">
          Shown without formatting: the server was busy. Reload the page to see it formatted.
        </p>
      </>
    )
  return <div className="markdown-html" dangerouslySetInnerHTML={{ __html: html }} />
}

/** The answer; one computed from tables has its formula drawn with a link to each operand's cell. */
export function MessageContent({
  html,
  ...text
}: MessageText & {
  /** The rendered pieces of `messageMarkdown`, when the page has them (null: not rendered). */
  html?: Array<string | null>
}) {
  const { content, references, derivation = null } = text
  const [first = '', second = ''] = messageMarkdown(text)
  if (!drawn(derivation)) {
    return (
      <div className="message-content">
        <MessagePiece markdown={first} html={html?.[0]} />
      </div>
    )
  }
  const { lead } = splitAtFormula(content, derivation)
  return (
    <div className="message-content">
      <MessagePiece markdown={first} html={html?.[0]} />
      <Derivation derivation={derivation} lead={lead ?? ''} references={references} />
      <MessagePiece markdown={second} html={html?.[1]} />
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
  html,
  now,
  turnHref,
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
  /** Its Markdown rendered by the server (see MessageContent). */
  html?: Array<string | null>
  now: number
  turnHref: TurnHref
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
        <MessageContent
          content={content}
          references={references}
          derivation={derivation}
          html={html}
          turnHref={turnHref}
        />
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
                      ? turnHref(reference.message_id)
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
