import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { Form, Link, useLoaderData, useLocation } from '@remix-run/react'
import { z } from 'zod'

import { GeneralErrorBoundary } from '~/components/error-boundary'
import { SelectField } from '~/components/forms'
import { Pagination } from '~/components/pagination'
import { STATUS_FILTERS } from '~/components/transcriptions/labels'
import { MeetingCard } from '~/components/transcriptions/meeting-card'
import { readForm } from '~/http/read-form.server'
import { badRequest } from '~/http/responses.server'
import { assertApiError } from '~/services/api-fetch.server'
import { requireUser, withCaller } from '~/services/auth.server'
import { meetingsApi } from '~/services/transcriptions.server'
import { redirectWithToast } from '~/session/flash.server'
import transcriptionStyles from '~/styles/transcriptions.css'
import { canManageMeetings } from '~/utils/access'
import { plural } from '~/utils/format'
import { pageMeta } from '~/utils/meta'
import { safeRedirect } from '~/utils/safe-redirect'

export const meta: MetaFunction = () => pageMeta('Recorded Meetings | Exit Planner')

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: transcriptionStyles }]

const ConvertSchema = z.object({ intent: z.literal('convert'), meetingId: z.string().regex(/^meet-\d+$/) })

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  // An unknown status shows every meeting, as 'All Meetings' does.
  const status = STATUS_FILTERS.find((filter) => filter.value === url.searchParams.get('status'))?.value ?? ''
  const page = Math.max(1, Math.floor(Number(url.searchParams.get('page'))) || 1)
  const { me, answer } = await withCaller(request, meetingsApi(request).list({ status, page }))
  const canManage = canManageMeetings(me.role)
  try {
    return json({ status, canManage, list: await answer, error: null })
  } catch (error) {
    assertApiError(error)
    return json({ status, canManage, list: null, error: 'Failed to load meetings. Please try again later.' })
  }
}

/**
 * Convert to Conversation, from this list and from a meeting's pages: the new conversation, or
 * the page the button was on with the spec's message.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request)
  const form = await readForm(request)
  const returnTo = safeRedirect(form.get('returnTo'), '/transcriptions')
  const parsed = ConvertSchema.safeParse(Object.fromEntries(form))
  if (!parsed.success) throw badRequest('Unknown action')
  try {
    const conversation = await meetingsApi(request).convert(parsed.data.meetingId)
    return redirect(`/chat/${conversation.id}`)
  } catch (error) {
    assertApiError(error)
    return redirectWithToast(request, returnTo, {
      type: 'error',
      message: 'Failed to convert transcript to conversation. Please try again.',
    })
  }
}

export default function RecordedMeetings() {
  const { status, canManage, list, error } = useLoaderData<typeof loader>()
  const location = useLocation()
  return (
    <div className="page">
      <div className="page-header">
        <h1>Recorded Meetings</h1>
        {canManage ? (
          <Link to="/transcriptions/new" className="button button-primary">
            Schedule Meeting
          </Link>
        ) : null}
      </div>
      <Form method="get" className="filter-form" aria-label="Filter meetings">
        <SelectField label="Status" selectProps={{ id: 'status', name: 'status', defaultValue: status }}>
          {STATUS_FILTERS.map((filter) => (
            <option key={filter.value} value={filter.value}>
              {filter.label}
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
          <h2>No meetings found</h2>
          {status ? (
            <p>
              No meeting has this status. <Link to="/transcriptions">Show all meetings</Link>
            </p>
          ) : canManage ? (
            <p>
              Schedule a meeting, then upload its transcript or recording: its summary, action items and a conversation
              follow. <Link to="/transcriptions/new">Schedule a meeting</Link>
            </p>
          ) : (
            <p>Meetings appear here once an admin or analyst of your organization schedules one.</p>
          )}
        </div>
      ) : null}
      {list && list.results.length ? (
        <>
          <p className="result-count">{plural(list.count, 'meeting')}</p>
          <ul className="card-list">
            {list.results.map((meeting) => (
              <li key={meeting.id}>
                <MeetingCard meeting={meeting} returnTo={`${location.pathname}${location.search}`} />
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
          search={new URLSearchParams(status ? { status } : {})}
        />
      ) : null}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
