import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'

import { GeneralErrorBoundary } from '~/components/error-boundary'
import { InvitationActions } from '~/components/invitation-actions'
import { UnconfirmedEmailNotice } from '~/components/unconfirmed-email-notice'
import { useDates } from '~/components/use-dates'
import { readForm } from '~/http/read-form.server'
import { unknownIntent } from '~/http/responses.server'
import { assertApiError } from '~/services/api-fetch.server'
import { requireUser, withCaller } from '~/services/auth.server'
import { invitationsApi } from '~/services/invitations.server'
import type { Invitation } from '~/services/organizations.server'
import { displayName, plural } from '~/utils/format'
import { pageMeta } from '~/utils/meta'

import { answerInvitation } from './_app.organizations_.invitations.server'

export const meta: MetaFunction = () => pageMeta('Invitations | Exit Planner')

export async function loader({ request }: LoaderFunctionArgs) {
  const { me, answer } = await withCaller(request, invitationsApi(request).mine())
  const unconfirmedEmail = me.email_verified ? null : me.email
  try {
    return json({ invitations: await answer, error: null, unconfirmedEmail })
  } catch (error) {
    assertApiError(error)
    return json({
      invitations: [] as Invitation[],
      error: 'Failed to load your invitations. Please try again later.',
      unconfirmedEmail,
    })
  }
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request)
  const form = await readForm(request)
  switch (form.get('intent')) {
    case 'accept':
    case 'decline':
      return answerInvitation(request, form, '/organizations/invitations')
    default:
      throw unknownIntent()
  }
}

export default function Invitations() {
  const { formatDate } = useDates()
  const { invitations, error, unconfirmedEmail } = useLoaderData<typeof loader>()
  return (
    <div className="page">
      <h1>Pending Invitations</h1>
      {unconfirmedEmail ? <UnconfirmedEmailNotice email={unconfirmedEmail} /> : null}
      {error ? (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      ) : invitations.length === 0 ? (
        <div className="empty-state">
          <p>You have no pending invitations.</p>
          <Link to="/dashboard" className="button">
            Return to Dashboard
          </Link>
        </div>
      ) : (
        <ul className="invitation-cards">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="card">
              <h2>{invitation.organization.name}</h2>
              {invitation.organization.description ? <p>{invitation.organization.description}</p> : null}
              <dl className="facts">
                <div>
                  <dt>Status</dt>
                  <dd>{invitation.status_display}</dd>
                </div>
                <div>
                  <dt>Role</dt>
                  <dd>{invitation.role_display}</dd>
                </div>
                <div>
                  <dt>Invited by</dt>
                  <dd>{invitation.invited_by ? displayName(invitation.invited_by) : 'A former member'}</dd>
                </div>
                <div>
                  <dt>Date</dt>
                  <dd>{formatDate(invitation.created_at)}</dd>
                </div>
                <div>
                  <dt>Members</dt>
                  <dd>{plural(invitation.organization.members_count, 'member')}</dd>
                </div>
                {invitation.organization.website ? (
                  <div>
                    <dt>Website</dt>
                    <dd>
                      <a href={invitation.organization.website} target="_blank" rel="noopener noreferrer">
                        {invitation.organization.website}
                        <span className="visually-hidden"> (opens in a new tab)</span>
                      </a>
                    </dd>
                  </div>
                ) : null}
              </dl>
              <InvitationActions invitationId={invitation.id} organizationName={invitation.organization.name} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
