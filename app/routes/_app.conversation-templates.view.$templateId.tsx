import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'

import { DeleteTemplateConfirm } from '~/components/conversation-templates/delete-confirm'
import { templateStatusHandlers } from '~/components/conversation-templates/template-errors'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { useDates } from '~/components/use-dates'
import { readForm } from '~/http/read-form.server'
import { unknownIntent } from '~/http/responses.server'
import { currentUser } from '~/services/auth.server'
import conversationTemplateStyles from '~/styles/conversation-templates.css'
import { canManageTemplates } from '~/utils/access'
import { pageMeta } from '~/utils/meta'

import { deleteTemplateAction, loadTemplate } from './_app.conversation-templates.server'

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(`${data?.template.name ?? 'Template'} | Exit Planner`)

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: conversationTemplateStyles }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const me = await currentUser(request)
  const template = await loadTemplate(request, params.templateId)
  const canEdit = canManageTemplates(me.role)
  return json({ template, canEdit, confirmDelete: canEdit && new URL(request.url).searchParams.has('delete') })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const form = await readForm(request)
  if (form.get('intent') !== 'delete') throw unknownIntent()
  const id = params.templateId ?? ''
  return deleteTemplateAction(request, id, {
    done: '/conversation-templates',
    failed: `/conversation-templates/view/${encodeURIComponent(id)}`,
  })
}

const List = ({ title, items }: { title: string; items: string[] }) =>
  items.length ? (
    <>
      <h4>{title}</h4>
      <ul>
        {items.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
    </>
  ) : null

export default function TemplateDetail() {
  const { formatDate } = useDates()
  const { template, canEdit, confirmDelete } = useLoaderData<typeof loader>()
  const view = `/conversation-templates/view/${template.id}`
  return (
    <div className="page template-detail">
      <p>
        <Link to="/conversation-templates">← Back to Templates</Link>
      </p>
      <div className="page-header">
        <h1>{template.name}</h1>
        <div className="page-header-actions">
          <Form method="post" action={`/chat?template=${encodeURIComponent(template.id)}`}>
            <button type="submit" name="intent" value="create" className="button button-primary">
              Start Conversation
            </button>
          </Form>
          {canEdit ? (
            <>
              <Link to={`/conversation-templates/edit/${template.id}`} className="button">
                Edit
              </Link>
              {confirmDelete ? null : (
                <Link to={`${view}?delete`} className="button button-danger-outline" preventScrollReset>
                  Delete
                </Link>
              )}
            </>
          ) : null}
        </div>
      </div>
      {confirmDelete ? <DeleteTemplateConfirm template={template} cancelTo={view} /> : null}
      <dl className="facts">
        <div>
          <dt>Phase</dt>
          <dd>
            <span className={`phase-badge phase-badge-${template.phaseId}`}>{template.phaseName}</span>
          </dd>
        </div>
        <div>
          <dt>Total duration</dt>
          <dd>{template.estimatedDuration} minutes</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatDate(template.createdAt)}</dd>
        </div>
        <div>
          <dt>Last updated</dt>
          <dd>{formatDate(template.updatedAt)}</dd>
        </div>
      </dl>
      {template.description ? <p className="template-description">{template.description}</p> : null}

      <section aria-labelledby="sections-title">
        <h2 id="sections-title">Sections</h2>
        <ol className="template-sections">
          {template.sections.map((section, index) => (
            <li key={index} className="card">
              <h3>
                {section.title} <span className="template-minutes">{section.timeAllocation} minutes</span>
              </h3>
              {section.suggestedScript ? (
                <>
                  <h4>Suggested script</h4>
                  <p>{section.suggestedScript}</p>
                </>
              ) : null}
              <List title="Suggested questions" items={section.suggestedQuestions} />
              <List title="Key information to capture" items={section.keyInformation} />
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="followups-title">
        <h2 id="followups-title">Follow-up actions</h2>
        {template.followupActions.length === 0 ? <p>No follow-up actions.</p> : null}
        <ul className="notes-list">
          {template.followupActions.map((followup, index) => (
            <li key={index}>
              <p>
                {followup.description} {followup.isRequired ? <span className="tag tag-required">Required</span> : null}
              </p>
              <p className="notes-meta">
                {followup.assignedTo ? <span>Assigned to: {followup.assignedTo}</span> : null}
                {followup.dueDate ? <span>Due: {followup.dueDate}</span> : null}
              </p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={templateStatusHandlers} />
}
