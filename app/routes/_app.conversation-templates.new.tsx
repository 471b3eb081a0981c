import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'

import { TemplateForm } from '~/components/conversation-templates/template-form'
import { NEW_TEMPLATE } from '~/components/conversation-templates/template-schema'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { requireRole } from '~/services/auth.server'
import conversationTemplateStyles from '~/styles/conversation-templates.css'
import { pageMeta } from '~/utils/meta'

import { saveTemplateAction } from './_app.conversation-templates.server'

export const meta: MetaFunction = () => pageMeta('Create Template | Exit Planner')

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: conversationTemplateStyles }]

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
