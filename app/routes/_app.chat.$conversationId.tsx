import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { z } from 'zod'

import { MAX_CONVERSATION_TITLE, MAX_MESSAGE } from '#shared/chat'
import { ChatHeader } from '~/components/chat/chat-header'
import { ChatInput } from '~/components/chat/chat-input'
import { DismissibleBanner } from '~/components/chat/dismissible-banner'
import { MessageItem, messageMarkdown } from '~/components/chat/message-item'
import { messagePage, MESSAGES_PER_PAGE, messageWindow, turnLinks } from '~/components/chat/message-window'
import { SEND_FAILED, useAnswerStream } from '~/components/chat/use-answer-stream'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { readForm } from '~/http/read-form.server'
import { notFound, unknownIntent } from '~/http/responses.server'
import { markdownHtml } from '~/render/markdown-html.server'
import { ApiError, assertApiError } from '~/services/api-fetch.server'
import { requireUser } from '~/services/auth.server'
import { conversationsApi } from '~/services/chat.server'
import { redirectWithToast } from '~/session/flash.server'
import { pageMeta } from '~/utils/meta'
import { requireId } from '~/utils/route-id'

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(`${data?.conversation.title.trim() || 'Chat'} | Exit Planner`)

// A question refused past the chat limits answers the page with the action's 429 and its Retry-After.
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get('Retry-After')
  return retryAfter ? { 'Retry-After': retryAfter } : new Headers()
}

// Spec §5: a message is sent, and a title applied, only when not blank once trimmed.
const SendSchema = z.object({ content: z.string().trim().min(1).max(MAX_MESSAGE) })
const RenameSchema = z.object({ title: z.string().trim().min(1).max(MAX_CONVERSATION_TITLE) })

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request)
  const id = requireId(params.conversationId)
  const api = conversationsApi(request)
  const search = new URL(request.url).searchParams
  const range = messageWindow(search)
  const { messages: rows, ...conversation } = await api
    .withMessages(id, { ...range, limit: MESSAGES_PER_PAGE + 1 })
    .catch((error) => {
      if (error instanceof ApiError && error.status === 404) throw notFound()
      throw error
    })
  const page = rows ? messagePage(rows, range) : { shown: null, earlier: null, later: null }
  if (!page) throw redirect(`/chat/${id}`)
  const { shown: messages, earlier, later } = page
  const mode: 'rename' | 'delete' | null = search.has('rename') ? 'rename' : search.has('delete') ? 'delete' : null
  // Each message's Markdown rendered once, off this event loop; its pieces, in order, by message.
  const turnHref = turnLinks(messages ?? [])
  const pieces = (messages ?? []).map(({ content, document_references: references, derivation }) =>
    messageMarkdown({ content, references, derivation, turnHref }),
  )
  const html = await markdownHtml(pieces.flat(), user.id)
  const rendered = (messages ?? []).map((_, index) => html.splice(0, pieces[index]!.length))
  return json({ conversation, messages, earlier, later, rendered, mode, now: Date.now() })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = requireId(params.conversationId)
  const form = await readForm(request)
  const api = conversationsApi(request)
  const here = `/chat/${id}`
  const failed = (message: string) => redirectWithToast(request, here, { type: 'error', message })
  try {
    switch (form.get('intent')) {
      case 'send': {
        const parsed = SendSchema.safeParse(Object.fromEntries(form))
        if (!parsed.success) return redirect(here)
        await api.ask(id, parsed.data.content).catch((error) => {
          // The question is saved even when no answer could be made.
          if (error instanceof ApiError && error.status === 503) throw new AnswerFailed()
          throw error
        })
        return redirect(`${here}#latest`)
      }
      case 'rename': {
        const parsed = RenameSchema.safeParse(Object.fromEntries(form))
        if (!parsed.success) return redirect(here)
        await api.rename(id, parsed.data.title)
        return redirectWithToast(request, here, { type: 'success', message: 'Conversation renamed' })
      }
      case 'delete': {
        await api.remove(id)
        // Spec §4: leaving a deleted conversation goes to another one, or to a new one when none is left.
        const next = (await api.list({ limit: 1 }))[0] ?? (await api.create({ title: 'New Conversation' }))
        return redirectWithToast(request, `/chat/${next.id}`, { type: 'success', message: 'Conversation deleted' })
      }
      default:
        throw unknownIntent()
    }
  } catch (error) {
    if (error instanceof AnswerFailed) return failed('Failed to get response')
    assertApiError(error)
    if (error.status === 404) throw notFound()
    if (error.status === 429 && form.get('intent') === 'send') return refused(error, String(form.get('content')))
    const intent = form.get('intent')
    return failed(
      intent === 'send'
        ? 'Failed to send message'
        : intent === 'rename'
          ? 'Failed to rename conversation'
          : 'Failed to delete conversation',
    )
  }
}

class AnswerFailed extends Error {}

/**
 * Past the chat limits (issue 30) the question was not sent: the page says so with the spec's banner
 * and the backend's word on when to ask again, and keeps the question in the box.
 */
function refused(error: ApiError, question: string) {
  const retryAfter = error.headers.get('Retry-After')
  return json(
    { refused: { detail: typeof error.body.detail === 'string' ? error.body.detail : null, question } },
    { status: 429, headers: retryAfter ? { 'Retry-After': retryAfter } : {} },
  )
}

export default function ConversationPage() {
  const { conversation, messages, earlier, later, rendered, mode, now } = useLoaderData<typeof loader>()
  const refusal = useActionData<typeof action>()?.refused
  const navigation = useNavigation()
  const location = useLocation()
  const { pending, sending, send, settle } = useAnswerStream(conversation.id)
  const input = useRef<HTMLTextAreaElement>(null)
  const end = useRef<HTMLDivElement>(null)
  const region = useRef<HTMLDivElement>(null)

  const loading =
    navigation.state === 'loading' &&
    navigation.location.pathname.startsWith('/chat/') &&
    navigation.location.pathname !== location.pathname
  const saved = pending?.final && messages?.some((message) => message.id === pending.final!.id)

  useEffect(() => {
    if (saved) settle()
  }, [saved, settle])
  // Spec §2: the input takes the focus when the conversation changes; on an earlier page, which has
  // no input, the messages do, so the keyboard goes on from them.
  useEffect(() => {
    if (mode !== null) return
    if (later === null) input.current?.focus()
    else region.current?.focus({ preventScroll: true })
  }, [conversation.id, mode, later])
  // And the view follows the newest message, as it streams in too; another page of the conversation
  // opens at its newest, next to the messages it came from.
  const first = messages?.[0]?.id
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' })
  }, [messages?.length, first, pending?.answer, conversation.id])

  const shown = messages ?? []
  const here = `/chat/${conversation.id}`
  const turnHref = turnLinks(shown)
  return (
    <div className="chat-conversation">
      <ChatHeader conversation={conversation} now={now} initialMode={mode} />
      {/* Focusable so the keyboard can scroll a long conversation (a meeting's turns have no links to stop on). */}
      <div ref={region} className="chat-messages" tabIndex={0} role="region" aria-label="Messages of this conversation">
        {messages === null ? <DismissibleBanner message="Failed to load messages. Please try again." /> : null}
        {refusal ? <DismissibleBanner message={SEND_FAILED} detail={refusal.detail} /> : null}
        {pending?.failure ? (
          <DismissibleBanner key={pending.question} message={pending.failure} detail={pending.detail} />
        ) : null}
        {loading ? (
          <p className="chat-status" role="status">
            Loading conversation...
          </p>
        ) : earlier !== null ? (
          <p className="chat-more">
            <Link to={`${here}?before=${earlier}`}>Show earlier messages</Link>
          </p>
        ) : null}
        {loading ? null : shown.length === 0 && later !== null ? (
          <p className="chat-status">No earlier messages.</p>
        ) : shown.length === 0 && !pending ? (
          <div className="chat-welcome">
            <p>Start a conversation with the Exit Planner assistant.</p>
            <p className="muted">
              Ask about your documents: valuation, finances, contracts or succession. Answers quote your documents and
              link to the passages they come from.
            </p>
          </div>
        ) : (
          <ol className="message-list" aria-label="Messages">
            {shown.map((message, index) => (
              <MessageItem
                key={message.id}
                id={index === shown.length - 1 && !pending && later === null ? 'latest' : undefined}
                messageId={message.id}
                author={message.role}
                speaker={message.speaker}
                content={message.content}
                createdAt={message.created_at}
                references={message.document_references}
                derivation={message.derivation}
                html={rendered[index]}
                now={now}
                turnHref={turnHref}
              />
            ))}
            {pending && !saved ? (
              <>
                <MessageItem
                  author="user"
                  content={pending.question}
                  createdAt={null}
                  references={[]}
                  now={now}
                  turnHref={turnHref}
                />
                <MessageItem
                  author="assistant"
                  content={pending.final?.content ?? pending.answer}
                  createdAt={null}
                  references={pending.final?.document_references ?? []}
                  derivation={pending.final?.derivation}
                  now={now}
                  turnHref={turnHref}
                  streaming={!pending.final && !pending.failure}
                />
              </>
            ) : null}
          </ol>
        )}
        <div ref={end} />
      </div>
      {later === null ? (
        <ChatInput ref={input} action={here} busy={sending || loading} onSend={send} defaultValue={refusal?.question} />
      ) : (
        // Asking belongs to the latest page: an answer given here would land past the messages shown.
        <nav className="chat-reading" aria-label="Earlier messages">
          <p>You are reading earlier messages of this conversation.</p>
          <Link to={`${here}?after=${later}`}>Show newer messages</Link>
          <Link to={`${here}#latest`}>Back to the latest messages</Link>
        </nav>
      )}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
