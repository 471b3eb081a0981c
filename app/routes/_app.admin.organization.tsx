import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'

import { AdminNav } from '~/components/admin-nav'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { MembersTable } from '~/components/members-table'
import { OrganizationSchema } from '~/components/organization-fields'
import { OrganizationSettings } from '~/components/organization-settings'
import { useDates } from '~/components/use-dates'
import { parseForm } from '~/http/parse-form.server'
import { readForm } from '~/http/read-form.server'
import { badRequest, unknownIntent } from '~/http/responses.server'
import { assertApiError } from '~/services/api-fetch.server'
import { requireAdmin } from '~/services/auth.server'
import { documentsApi } from '~/services/documents.server'
import { invitationsApi } from '~/services/invitations.server'
import { organizationsApi } from '~/services/organizations.server'
import { redirectWithToast } from '~/session/flash.server'
import { selectOrganization } from '~/session/session.server'
import { pageMeta } from '~/utils/meta'

import { changeMember, idParam } from './_app.admin.members.server'

export const meta: MetaFunction = () => pageMeta('Organization Administration | Exit Planner')

export async function loader({ request }: LoaderFunctionArgs) {
  const me = await requireAdmin(request)
  const slug = me.organization?.slug
  if (!slug) return json({ organization: null, error: null })
  const url = new URL(request.url)
  const api = organizationsApi(request)
  try {
    const [organization, members, invitations, statistics] = await Promise.all([
      api.get(slug),
      api.members(slug),
      api.invitations(slug),
      documentsApi(request).statistics(),
    ])
    return json({
      organization,
      members,
      invitations,
      statistics,
      editing: idParam(url, 'edit'),
      removing: idParam(url, 'remove'),
      confirmDelete: url.searchParams.has('delete'),
      error: null,
    })
  } catch (error) {
    assertApiError(error)
    return json({ organization: null, error: 'Failed to load organization details. Please try again later.' })
  }
}

type OrganizationRef = { slug: string; name: string }

export async function action({ request }: ActionFunctionArgs) {
  const me = await requireAdmin(request)
  if (!me.organization) throw badRequest('Select an organization first.')
  const form = await readForm(request)
  // Back to the page the form was on: /admin or /admin/organization.
  const back = new URL(request.url).pathname
  switch (form.get('intent')) {
    case 'update-role':
    case 'remove-member':
      return changeMember(request, me.organization.slug, form, back)
    case 'update-organization':
      return updateOrganizationAction(request, me.organization.slug, form, back)
    case 'delete-organization':
      return deleteOrganizationAction(request, me.organization, back)
    case 'resend-invitation':
      return resendInvitationAction(request, form, back)
    case 'cancel-invitation':
      return cancelInvitationAction(request, me.organization.slug, form, back)
    default:
      throw unknownIntent()
  }
}

async function updateOrganizationAction(request: Request, slug: string, form: FormData, back: string) {
  const submission = parseForm(form, { schema: OrganizationSchema })
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  try {
    await organizationsApi(request).update(slug, {
      name: submission.value.name,
      description: submission.value.description ?? '',
      website: submission.value.website ?? '',
    })
  } catch (error) {
    assertApiError(error)
    return json(submission.reply({ formErrors: [error.message] }), { status: 400 })
  }
  return redirectWithToast(request, back, { type: 'success', message: 'Organization updated' })
}

async function deleteOrganizationAction(request: Request, organization: OrganizationRef, back: string) {
  try {
    await organizationsApi(request).remove(organization.slug)
  } catch (error) {
    assertApiError(error)
    return redirectWithToast(request, back, { type: 'error', message: error.message })
  }
  // The session's slug now names nothing; the next page falls back to another organization, or none.
  return redirectWithToast(
    request,
    '/organizations',
    { type: 'success', message: `Organization ${organization.name} deleted` },
    { headers: { 'Set-Cookie': await selectOrganization(request, null) } },
  )
}

async function resendInvitationAction(request: Request, form: FormData, back: string) {
  try {
    const invitation = await invitationsApi(request).resend(Number(form.get('invitationId')))
    return redirectWithToast(request, back, { type: 'success', message: `Invitation sent to ${invitation.email}` })
  } catch (error) {
    assertApiError(error)
    return redirectWithToast(request, back, { type: 'error', message: error.message })
  }
}

async function cancelInvitationAction(request: Request, slug: string, form: FormData, back: string) {
  try {
    await organizationsApi(request).removeInvitation(slug, Number(form.get('invitationId')))
    return redirectWithToast(request, back, { type: 'success', message: 'Invitation cancelled' })
  } catch (error) {
    assertApiError(error)
    return redirectWithToast(request, back, { type: 'error', message: error.message })
  }
}

export default function OrganizationAdmin() {
  const { formatDate } = useDates()
  const data = useLoaderData<typeof loader>()
  if (!data.organization) {
    return (
      <div className="page">
        <h1>Organization Administration</h1>
        {data.error ? (
          <p className="alert alert-error" role="alert">
            {data.error}
          </p>
        ) : (
          <p>
            You don't have an active organization. <Link to="/organizations">Select Organization</Link>
          </p>
        )}
      </div>
    )
  }
  const { organization, members, invitations, statistics, editing, removing, confirmDelete } = data
  const stats: Array<[string, number]> = [
    ['Total Users', members.length],
    ['Total Documents', statistics.total_documents],
    ['Processed Documents', statistics.processed_documents],
    ['Pending Documents', statistics.pending_documents + statistics.processing_documents],
  ]
  return (
    <div className="stack">
      <div className="page">
        <AdminNav />
        <div className="page-header">
          <div>
            <p className="eyebrow">Organization Administration</p>
            <h1>{organization.name}</h1>
          </div>
          <div className="inline-actions">
            <Form method="get">
              <button type="submit">Refresh</button>
            </Form>
            <Link to="/admin/organization/invite" className="button button-primary">
              Invite Members
            </Link>
          </div>
        </div>
        <dl className="stat-grid">
          {stats.map(([label, value]) => (
            <div key={label} className="stat">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </div>

      <section className="page" aria-labelledby="members-title">
        <h2 id="members-title">Members</h2>
        <MembersTable members={members} editing={editing} removing={removing} />
      </section>

      <section className="page" aria-labelledby="invitations-title">
        <h2 id="invitations-title">Pending Invitations</h2>
        {invitations.length === 0 ? (
          <p>No pending invitations.</p>
        ) : (
          <div className="table-scroll">
            <table className="table stack-table">
              <thead>
                <tr>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                  <th scope="col">Sent</th>
                  <th scope="col">Status</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {invitations.map((invitation) => (
                  <tr key={invitation.id}>
                    <td data-label="Email">{invitation.email}</td>
                    <td data-label="Role">{invitation.role_display}</td>
                    <td data-label="Sent">{formatDate(invitation.created_at)}</td>
                    <td data-label="Status">{invitation.status_display}</td>
                    <td data-label="Actions">
                      <Form method="post" className="inline-actions">
                        <input type="hidden" name="invitationId" value={invitation.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="resend-invitation"
                          aria-label={`Resend the invitation to ${invitation.email}`}
                        >
                          Resend
                        </button>
                        <button
                          type="submit"
                          name="intent"
                          value="cancel-invitation"
                          aria-label={`Cancel the invitation to ${invitation.email}`}
                        >
                          Cancel invitation
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <OrganizationSettings organization={organization} confirmDelete={confirmDelete} />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
