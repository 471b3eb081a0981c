import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { MembersTable } from '~/components/members-table'
import { ApiError } from '~/services/api-fetch.server'
import { currentUser } from '~/services/auth.server'
import { documentsApi } from '~/services/documents.server'
import { redirectWithToast } from '~/services/flash.server'
import { invitationsApi } from '~/services/invitations.server'
import { changeMember, idParam } from '~/services/member-actions.server'
import { organizationsApi } from '~/services/organizations.server'
import { formatDate } from '~/utils/format'
import { OrganizationSettings, OrganizationSettingsSchema } from '~/components/organization-settings'
import { parseWithZod } from '@conform-to/zod'
import { selectOrganization } from '~/services/session.server'

export const meta: MetaFunction = () => [{ title: 'Organization Administration | Exit Planner' }]

const DENIED = 'Access Denied: You do not have permission to access the organization administration page.'

export async function loader({ request }: LoaderFunctionArgs) {
  const me = await currentUser(request)
  if (me.role !== 'admin') return json({ denied: true as const }, { status: 403 })
  const slug = me.organization?.slug
  if (!slug) return json({ denied: false as const, organization: null, error: null })
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
      denied: false as const,
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
    if (!(error instanceof ApiError)) throw error
    return json({ denied: false as const, organization: null, error: 'Failed to load organization details. Please try again later.' })
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const me = await currentUser(request)
  const slug = me.organization?.slug
  if (me.role !== 'admin' || !slug) throw new Response(DENIED, { status: 403 })
  const form = await request.formData()
  const back = new URL(request.url).pathname
  const intent = form.get('intent')
  if (intent === 'update-role' || intent === 'remove-member') return changeMember(request, slug, form, back)
  if (intent === 'update-organization') return updateOrganization(request, slug, form)
  if (intent === 'delete-organization') {
    try {
      await organizationsApi(request).remove(slug)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      return redirectWithToast(request, back, { type: 'error', message: error.message })
    }
    // The session's slug now names nothing; the next page falls back to another organization, or none.
    return redirectWithToast(
      request,
      '/organizations',
      { type: 'success', message: `Organization ${me.organization?.name} deleted` },
      { headers: { 'Set-Cookie': await selectOrganization(request, null) } },
    )
  }
  const invitationId = Number(form.get('invitationId'))
  try {
    if (intent === 'resend-invitation') {
      const invitation = await invitationsApi(request).resend(invitationId)
      return redirectWithToast(request, back, { type: 'success', message: `Invitation sent to ${invitation.email}` })
    }
    if (intent === 'cancel-invitation') {
      await organizationsApi(request).removeInvitation(slug, invitationId)
      return redirectWithToast(request, back, { type: 'success', message: 'Invitation cancelled' })
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return redirectWithToast(request, back, { type: 'error', message: error.message })
  }
  throw new Response('Unknown intent', { status: 400 })
}

async function updateOrganization(request: Request, slug: string, form: FormData) {
  const submission = parseWithZod(form, { schema: OrganizationSettingsSchema })
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  try {
    await organizationsApi(request).update(slug, {
      name: submission.value.name,
      description: submission.value.description ?? '',
      website: submission.value.website ?? '',
    })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return json(submission.reply({ formErrors: [error.message] }), { status: 400 })
  }
  return redirectWithToast(request, new URL(request.url).pathname, { type: 'success', message: 'Organization updated' })
}

export default function OrganizationAdmin() {
  const data = useLoaderData<typeof loader>()
  if (data.denied) {
    return (
      <div className="page">
        <h1>Organization Administration</h1>
        <p className="alert alert-error" role="alert">
          {DENIED}
        </p>
      </div>
    )
  }
  if (!data.organization) {
    return (
      <div className="page">
        <h1>Organization Administration</h1>
        {'error' in data && data.error ? (
          <p className="alert alert-error" role="alert">
            {String(data.error)}
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
            <table className="table">
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
                    <td>{invitation.email}</td>
                    <td>{invitation.role_display}</td>
                    <td>{formatDate(invitation.created_at)}</td>
                    <td>{invitation.status_display}</td>
                    <td>
                      <Form method="post" className="inline-actions">
                        <input type="hidden" name="invitationId" value={invitation.id} />
                        <button type="submit" name="intent" value="resend-invitation" aria-label={`Resend the invitation to ${invitation.email}`}>
                          Resend
                        </button>
                        <button type="submit" name="intent" value="cancel-invitation" aria-label={`Cancel the invitation to ${invitation.email}`}>
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
