import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'

import { ChecklistSection, listedChecklist } from '~/components/checklist/checklist-section'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { assertApiError } from '~/services/api-fetch.server'
import { withCaller } from '~/services/auth.server'
import { checklistApi } from '~/services/checklist.server'
import checklistStyles from '~/styles/checklist.css'
import { canManageChecklist } from '~/utils/access'
import { pageMeta } from '~/utils/meta'

import { changeChecklist, checklistPage } from './_app.readiness.checklist.server'

export const meta: MetaFunction = () =>
  pageMeta(
    'Due-diligence checklist | Readiness | Exit Planner',
    'The documents a buyer will ask for: which the files hold, which are missing or stale, and who owes them.',
  )

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: checklistStyles }]

export async function loader({ request }: LoaderFunctionArgs) {
  const { me, answer } = await withCaller(request, checklistApi(request).get())
  try {
    const canEdit = canManageChecklist(me.role)
    return json({ checklist: listedChecklist(await answer), canEdit, error: null })
  } catch (error) {
    assertApiError(error)
    return json({ checklist: null, canEdit: false, error: 'Failed to load the checklist. Please try again later.' })
  }
}

export const action = ({ request }: ActionFunctionArgs) =>
  changeChecklist(request, checklistPage('/readiness/checklist'))

export default function Checklist() {
  const { checklist, canEdit, error } = useLoaderData<typeof loader>()
  const last = useActionData<typeof action>()
  return (
    <>
      {error ? (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      ) : null}
      {checklist ? <ChecklistSection checklist={checklist} canEdit={canEdit} last={last} /> : null}
    </>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
