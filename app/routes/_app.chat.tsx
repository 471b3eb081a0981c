import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { Form, useLoaderData, useOutlet } from '@remix-run/react'

import { idFrom } from '#shared/ids'
import { ConversationList, CONVERSATIONS_PER_PAGE } from '~/components/chat/conversation-list'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { readForm } from '~/http/read-form.server'
import { unknownIntent } from '~/http/responses.server'
import { ApiError, assertApiError } from '~/services/api-fetch.server'
import { requireUser } from '~/services/auth.server'
import { conversationsApi } from '~/services/chat.server'
import { documentsApi } from '~/services/documents.server'
import { redirectWithToast } from '~/session/flash.server'
import chatStyles from '~/styles/chat.css'
import { plural } from '~/utils/format'
import { pageMeta } from '~/utils/meta'

import { loadTemplate } from './_app.conversation-templates.server'

export const meta: MetaFunction = () =>
  pageMeta(
    'Chat | Exit Planner',
    "Ask questions about your organization's documents and get answers that cite their sources.",
  )

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: chatStyles }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request)
  // /chat?template={id} (a template's Start Conversation) offers to start one from it: a link that is
  // followed, prefetched or reloaded creates nothing.
  const search = new URL(request.url).searchParams
  const templateId = params.conversationId ? null : search.get('template')
  // The sidebar a page at a time (decision 086): the most recent, or those after `?older=` one.
  const older = idFrom(search.get('older') ?? undefined)
  const [listed, template] = await Promise.all([
    conversationsApi(request)
      .list({ limit: CONVERSATIONS_PER_PAGE + 1, ...(older === null ? {} : { before: older }) })
      .catch((error) => (error instanceof ApiError ? null : Promise.reject(error))),
    templateId === null ? null : loadTemplate(request, templateId),
  ])
  const conversations = listed?.slice(0, CONVERSATIONS_PER_PAGE) ?? null
  const olderFrom = listed && listed.length > CONVERSATIONS_PER_PAGE ? conversations!.at(-1)!.id : null
  // Spec §2: /chat opens the most recent conversation when there is one.
  if (!params.conversationId && !template && older === null && conversations?.length)
    throw redirect(`/chat/${conversations[0]!.id}`)
  const startFrom = template && {
    id: template.id,
    name: template.name,
    phaseName: template.phaseName,
    minutes: template.estimatedDuration,
    sections: template.sections.length,
  }
  return json({ conversations, older, olderFrom, startFrom, now: Date.now() })
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request)
  if (form.get('intent') !== 'create') throw unknownIntent()
  // From a document's 'Ask about this document': a conversation limited to it, named after it.
  const documentId = Number(form.get('document_id'))
  const about = Number.isSafeInteger(documentId) && documentId > 0 ? documentId : undefined
  // From a template's Start Conversation: named after it, its plan as the first message.
  const template = new URL(request.url).searchParams.get('template')
  try {
    const api = conversationsApi(request)
    const created = about
      ? await api.create({ title: `About ${await documentTitle(request, about)}`, document_ids: [about] })
      : template
        ? await api.create({ template_id: template })
        : await api.create({ title: 'New Conversation' })
    return redirectWithToast(request, `/chat/${created.id}`, { type: 'success', message: 'New conversation created' })
  } catch (error) {
    assertApiError(error)
    return redirectWithToast(request, '/chat', { type: 'error', message: 'Failed to create new conversation' })
  }
}

async function documentTitle(request: Request, id: number) {
  const { title } = await documentsApi(request).get(id)
  return title.length > 180 ? `${title.slice(0, 180)}...` : title
}

export default function Chat() {
  const { conversations, older, olderFrom, startFrom, now } = useLoaderData<typeof loader>()
  const outlet = useOutlet()
  return (
    <div className="sidebar-layout">
      <ConversationList conversations={conversations} older={older} olderFrom={olderFrom} now={now} />
      <section className="chat-main" aria-label="Conversation">
        {outlet ??
          (startFrom ? (
            <div className="chat-empty">
              <h2>{startFrom.name}</h2>
              <p>
                {startFrom.phaseName}: {startFrom.minutes} minutes in {plural(startFrom.sections, 'section')}. The
                conversation starts with the template's plan, section by section.
              </p>
              <Form method="post" action={`/chat?template=${encodeURIComponent(startFrom.id)}`}>
                <button type="submit" name="intent" value="create" className="button-primary">
                  Start Conversation
                </button>
              </Form>
            </div>
          ) : (
            <div className="chat-empty">
              <p>Select a conversation or create a new one to get started.</p>
              <Form method="post" action="/chat">
                <button type="submit" name="intent" value="create" className="button-primary">
                  New Conversation
                </button>
              </Form>
            </div>
          ))}
      </section>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
