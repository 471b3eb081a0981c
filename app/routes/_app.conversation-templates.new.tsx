import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'

import { GeneralErrorBoundary } from '~/components/error-boundary'
import { TemplateForm } from '~/components/templates/template-form'
import { NEW_TEMPLATE } from '~/components/templates/template-schema'
import { saveTemplateAction } from '~/handlers/conversation-templates.server'
import { requireRole } from '~/services/auth.server'
import templateStyles from '~/styles/templates.css'
import { pageMeta } from '~/utils/meta'

export const meta: MetaFunction = () => pageMeta('Create Template | Exit Planner')

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: templateStyles }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, ['admin', 'analyst'])
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  return saveTemplateAction(request)
}

export default function NewTemplate() {
  const lastResult = useActionData<typeof action>()
  return (
    <div className="page">
      <h1>Create Template</h1>
      <TemplateForm
        id="template-form"
        defaultValue={NEW_TEMPLATE}
        lastResult={lastResult}
        submitLabel="Create Template"
        cancelTo="/conversation-templates"
      />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
