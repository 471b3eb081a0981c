import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'

import { templateStatusHandlers } from '~/components/conversation-templates/template-errors'
import { TemplateForm } from '~/components/conversation-templates/template-form'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { requireRole } from '~/services/auth.server'
import conversationTemplateStyles from '~/styles/conversation-templates.css'
import { pageMeta } from '~/utils/meta'

import { loadTemplate, saveTemplateAction } from './_app.conversation-templates.server'

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(`Edit ${data?.template.name ?? 'Template'} | Exit Planner`)

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: conversationTemplateStyles }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, ['admin', 'analyst'])
  return json({ template: await loadTemplate(request, params.templateId) })
}

export async function action({ request, params }: ActionFunctionArgs) {
  return saveTemplateAction(request, params.templateId ?? '')
}

export default function EditTemplate() {
  const { template } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  return (
    <div className="page">
      <h1>Edit Template</h1>
      <TemplateForm
        id="template-form"
        key={template.id}
        defaultValue={template}
        lastResult={lastResult}
        submitLabel="Update Template"
        cancelTo={`/conversation-templates/view/${template.id}`}
      />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={templateStatusHandlers} />
}
