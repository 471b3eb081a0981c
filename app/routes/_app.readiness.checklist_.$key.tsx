import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'

import { ItemDetails } from '~/components/checklist/checklist-item'
import { ItemForms } from '~/components/checklist/item-forms'
import { ErrorPage, GeneralErrorBoundary } from '~/components/error-boundary'
import { notFound } from '~/http/responses.server'
import { requireRoleWith } from '~/services/auth.server'
import { checklistApi } from '~/services/checklist.server'
import checklistStyles from '~/styles/checklist.css'
import { pageMeta } from '~/utils/meta'

import { changeChecklist, checklistPage } from './_app.readiness.checklist.server'

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(`${data?.item.title ?? 'Checklist item'} | Checklist | Readiness | Exit Planner`)

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: checklistStyles }]

/** One item of the checklist with its forms, for those who manage the list (members read the list). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  // Members may read the checklist: its call is started with the caller it brings (decision 079).
  const { answer } = await requireRoleWith(request, ['admin', 'analyst'], checklistApi(request).get())
  const checklist = await answer
  const item = checklist.items.find((candidate) => candidate.key === params.key)
  if (!item) throw notFound()
  return json({ item, members: checklist.members, documents: checklist.documents })
}

export const action = ({ request, params }: ActionFunctionArgs) =>
  changeChecklist(request, checklistPage(`/readiness/checklist/${encodeURIComponent(params.key ?? '')}`))

export default function ChecklistItemPage() {
  const { item, members, documents } = useLoaderData<typeof loader>()
  const last = useActionData<typeof action>()
  return (
    <section aria-labelledby="item-title" className="checklist checklist-item-page">
      <p>
        <Link to={`/readiness/checklist#item-${item.key}`}>← Back to the checklist</Link>
      </p>
      <div className="checklist-item card">
        <ItemDetails item={item} heading={<h2 id="item-title">{item.title}</h2>} />
        <p className="field-help">In the {item.section} section of the buyer&rsquo;s request list.</p>
      </div>
      <ItemForms item={item} members={members} documents={documents} last={last?.key === item.key ? last : undefined} />
    </section>
  )
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <ErrorPage
            title="Checklist item not found"
            actions={
              <Link to="/readiness/checklist" className="button">
                Back to the checklist
              </Link>
            }
          >
            <p>The checklist of this organization has no such item. An added item may have been removed.</p>
          </ErrorPage>
        ),
      }}
    />
  )
}
