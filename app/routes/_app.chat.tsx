import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { Form, useLoaderData, useOutlet } from '@remix-run/react'

import { ConversationList } from '~/components/chat/conversation-list'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ApiError } from '~/services/api-fetch.server'
import { requireUser } from '~/services/auth.server'
import { conversationsApi } from '~/services/conversations.server'
import { documentsApi } from '~/services/documents.server'
import { redirectWithToast } from '~/services/flash.server'
import chatStyles from '~/styles/chat.css'

export const meta: MetaFunction = () => [{ title: 'Chat | Exit Planner' }]

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: chatStyles }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request)
  // /chat?template={id} starts a conversation from a conversation template; none exists before the
  // templates issue stores them, so every id is unknown.
  if (new URL(request.url).searchParams.has('template')) throw new Response('Template not found', { status: 404 })
  const conversations = await conversationsApi(request)
    .list()
    .catch((error) => (error instanceof ApiError ? null : Promise.reject(error)))
  // Spec §2: /chat opens the most recent conversation when there is one.
  if (!params.conversationId && conversations?.length) throw redirect(`/chat/${conversations[0]!.id}`)
  return json({ conversations, now: Date.now() })
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  if (form.get('intent') !== 'create') throw new Response('Unknown intent', { status: 400 })
  // From a document's 'Ask about this document': a conversation limited to it, named after it.
  const documentId = Number(form.get('document_id'))
  const about = Number.isSafeInteger(documentId) && documentId > 0 ? documentId : undefined
  try {
    const api = conversationsApi(request)
    const created = about
      ? await api.create({ title: `About ${await documentTitle(request, about)}`, document_ids: [about] })
      : await api.create({ title: 'New Conversation' })
    return redirectWithToast(request, `/chat/${created.id}`, { type: 'success', message: 'New conversation created' })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return redirectWithToast(request, '/chat', { type: 'error', message: 'Failed to create new conversation' })
  }
}

async function documentTitle(request: Request, id: number) {
  const { title } = await documentsApi(request).get(id)
  return title.length > 180 ? `${title.slice(0, 180)}...` : title
}

export default function Chat() {
  const { conversations, now } = useLoaderData<typeof loader>()
  const outlet = useOutlet()
  return (
    <div className="chat-layout">
      <ConversationList conversations={conversations} now={now} />
      <section className="chat-main" aria-label="Conversation">
        {outlet ?? (
          <div className="chat-empty">
            <p>Select a conversation or create a new one to get started.</p>
            <Form method="post" action="/chat">
              <button type="submit" name="intent" value="create" className="button-primary">
                New Conversation
              </button>
            </Form>
          </div>
        )}
      </section>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
