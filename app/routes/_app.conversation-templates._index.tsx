import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useLoaderData, useSubmit } from '@remix-run/react'

import { PHASES } from '#shared/templates'
import { TemplateCard } from '~/components/conversation-templates/template-card'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { SelectField } from '~/components/forms'
import { Pagination } from '~/components/pagination'
import { readForm } from '~/http/read-form.server'
import { unknownIntent } from '~/http/responses.server'
import { assertApiError } from '~/services/api-fetch.server'
import { withCaller } from '~/services/auth.server'
import { templatesApi } from '~/services/conversation-templates.server'
import conversationTemplateStyles from '~/styles/conversation-templates.css'
import { canManageTemplates } from '~/utils/access'
import { plural } from '~/utils/format'
import { pageMeta } from '~/utils/meta'

import { deleteTemplateAction } from './_app.conversation-templates.server'

export const meta: MetaFunction = () => pageMeta('Conversation Templates | Exit Planner')

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: conversationTemplateStyles }]

const LIST = '/conversation-templates'

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  // An unknown phase shows every phase, as 'All Phases' does.
  const phase = PHASES.find((option) => option.id === url.searchParams.get('phase'))?.id ?? ''
  const page = Math.max(1, Math.floor(Number(url.searchParams.get('page'))) || 1)
  const { me, answer } = await withCaller(request, templatesApi(request).list({ phase, page }))
  const canEdit = canManageTemplates(me.role)
  try {
    const list = await answer
    const deleteId = url.searchParams.get('delete')
    const confirmDelete =
      canEdit && deleteId ? (list.results.find((template) => template.id === deleteId) ?? null) : null
    return json({ phase, canEdit, list, confirmDelete, error: null })
  } catch (error) {
    assertApiError(error)
    return json({
      phase,
      canEdit,
      list: null,
      confirmDelete: null,
      error: 'Failed to load templates. Please try again later.',
    })
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request)
  if (form.get('intent') !== 'delete') throw unknownIntent()
  const url = new URL(request.url)
  url.searchParams.delete('delete')
  const list = `${LIST}${url.search}`
  return deleteTemplateAction(request, String(form.get('id') ?? ''), { done: list, failed: list })
}

export default function ConversationTemplates() {
  const { phase, canEdit, list, confirmDelete, error } = useLoaderData<typeof loader>()
  const submit = useSubmit()
  const query = (changes: Record<string, string | number>) => {
    const params = new URLSearchParams({ ...(phase ? { phase } : {}) })
    for (const [key, value] of Object.entries(changes)) params.set(key, String(value))
    return `${LIST}?${params}`
  }
  return (
    <div className="page">
      <div className="page-header">
        <h1>Conversation Templates</h1>
        {canEdit ? (
          <Link to={`${LIST}/new`} className="button button-primary">
            Create Template
          </Link>
        ) : null}
      </div>
      <p>
        Guided client meetings for each phase of an exit plan: timed sections with a script, questions to ask and what
        to capture.
      </p>
      <Form method="get" className="filter-form" aria-label="Filter templates">
        {/* With JavaScript a choice applies at once; without it, Filter sends the form. */}
        <SelectField
          label="Phase"
          selectProps={{
            id: 'phase',
            name: 'phase',
            defaultValue: phase,
            onChange: (event) => submit(event.currentTarget.form, { replace: true, preventScrollReset: true }),
          }}
        >
          <option value="">All Phases</option>
          {PHASES.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </SelectField>
        <button type="submit" className="button">
          Filter
        </button>
      </Form>
      {error ? (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      ) : null}
      {list && list.results.length === 0 ? (
        <div className="empty-state">
          <h2>No templates found</h2>
          {phase ? <p>No template belongs to this phase yet.</p> : null}
        </div>
      ) : null}
      {list && list.results.length ? (
        <>
          <p className="result-count" aria-live="polite">
            {plural(list.count, 'template')}
          </p>
          <ul className="card-list">
            {list.results.map((template) => (
              <li key={template.id}>
                <TemplateCard
                  template={template}
                  canEdit={canEdit}
                  confirming={confirmDelete?.id === template.id}
                  deleteHref={query({ delete: template.id })}
                  cancelHref={query({})}
                />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {list ? (
        <Pagination
          count={list.count}
          page={list.page}
          pageSize={list.page_size}
          search={new URLSearchParams(phase ? { phase } : {})}
        />
      ) : null}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
