import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'

import { calendarDay } from '#shared/calendar'
import { AppLink } from '~/components/app-link'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { OrgAvatar } from '~/components/org-avatar'
import { assertApiError } from '~/services/api-fetch.server'
import { currentUser } from '~/services/auth.server'
import { type Dashboard, dashboardApi } from '~/services/dashboard.server'
import type { DocumentStatistics } from '~/services/documents.server'
import { canManageDocuments, hasRole } from '~/utils/access'
import { initialOf, plural } from '~/utils/format'
import { pageMeta } from '~/utils/meta'

/** Spec §2 "Quick Actions"; Analysis only for those who may analyse (admins and analysts). */
const QUICK_ACTIONS: Array<{ to: string; label: string; description: string; icon: ReactNode; editorsOnly?: boolean }> =
  [
    {
      to: '/search',
      label: 'Search documents',
      description: 'Find the passages that answer a question',
      icon: (
        <>
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </>
      ),
    },
    {
      to: '/chat',
      label: 'Start a conversation',
      description: 'Ask the assistant about your documents',
      icon: <path d="M20 12a8 8 0 0 1-11.6 7.1L4 20l.9-4.4A8 8 0 1 1 20 12z" />,
    },
    {
      to: '/analysis',
      label: 'Analyze documents',
      description: 'Key figures, risks and themes',
      icon: <path d="M4 20h16M7 16v-5M12 16V6M17 16v-8" />,
      editorsOnly: true,
    },
    {
      to: '/conversation-templates',
      label: 'Conversation templates',
      description: 'Scripts and questions for each phase',
      icon: (
        <>
          <rect x="5" y="4" width="14" height="17" rx="2" />
          <path d="M9 3h6v2H9zM9 10h6M9 14h6M9 18h3" />
        </>
      ),
    },
    {
      to: '/transcriptions',
      label: 'Meeting transcriptions',
      description: 'Recorded meetings, summaries and actions',
      icon: (
        <>
          <rect x="9" y="3" width="6" height="11" rx="3" />
          <path d="M5 11a7 7 0 0 0 14 0M12 18v3M8 21h8" />
        </>
      ),
    },
    {
      to: '/profile',
      label: 'Your profile',
      description: 'Your account, password and e-mail',
      icon: (
        <>
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21a8 8 0 0 1 16 0" />
        </>
      ),
    },
  ]

export const meta: MetaFunction = () =>
  pageMeta(
    'Dashboard | Exit Planner',
    "Your organization's exit planning at a glance: its documents, recent activity and where to go next.",
  )

export async function loader({ request }: LoaderFunctionArgs) {
  // Started together: the dashboard's call brings the caller the page and its frame read (decision 079).
  const [me, answer] = await Promise.all([
    currentUser(request),
    dashboardApi(request)
      .get()
      .then(
        (dashboard) => ({ dashboard }),
        (error: unknown) => {
          assertApiError(error)
          return { dashboard: null }
        },
      ),
  ])
  const user = { email: me.email, role: me.role, pendingInvitations: me.pending_invitations }
  const empty = { user, organization: null, statistics: null, members: [], due_this_week: null }
  // Without an organization the call is refused, and there is nothing to show but the way to one.
  if (!me.organization) return json({ ...empty, error: null })
  if (!answer.dashboard) return json({ ...empty, error: 'Failed to load dashboard data' })
  return json({ user, ...answer.dashboard, error: null })
}

export default function Dashboard() {
  const { user, organization, statistics, members, due_this_week: due, error } = useLoaderData<typeof loader>()
  const membersCount = organization?.members_count ?? 0
  const isAdmin = hasRole(user.role, [])
  const canUpload = canManageDocuments(user.role)
  return (
    <div className="stack dashboard">
      <div className="page-header">
        <div>
          <h1>Dashboard</h1>
          <p className="welcome">
            Welcome, <strong>{user.email}</strong>
            {organization ? (
              <>
                {' '}
                — you are working in <strong>{organization.name}</strong>.
              </>
            ) : (
              '.'
            )}
          </p>
        </div>
        {isAdmin && organization ? (
          <AppLink to="/admin/organization" className="button button-secondary">
            Manage Organization
          </AppLink>
        ) : null}
      </div>

      {user.pendingInvitations > 0 ? (
        <p className="alert alert-info">
          You have {plural(user.pendingInvitations, 'pending invitation')} to join an organization.{' '}
          <AppLink to="/organizations/invitations">Review invitations</AppLink>
        </p>
      ) : null}

      {error ? (
        <div className="alert alert-error" role="alert">
          <p>{error}</p>
          <Form method="get" action="/dashboard">
            <button type="submit">Retry</button>
          </Form>
        </div>
      ) : null}

      <div className="dashboard-grid">
        <div className="dashboard-column">
          <section className="card" aria-labelledby="statistics-title">
            <h2 id="statistics-title">Document Statistics</h2>
            <StatisticsList statistics={statistics} />
            <p className="card-actions">
              <AppLink to="/documents" className="button button-small">
                View all documents
              </AppLink>
              {canUpload ? (
                <AppLink to="/documents?upload=true" className="button button-small button-secondary">
                  Upload a document
                </AppLink>
              ) : null}
            </p>
          </section>

          <section className="card" aria-labelledby="actions-title">
            <h2 id="actions-title">Quick Actions</h2>
            <ul className="quick-actions">
              {QUICK_ACTIONS.filter((action) => canUpload || !action.editorsOnly).map((action) => (
                <li key={action.to} className="quick-action">
                  <span className="quick-action-icon" aria-hidden="true">
                    <svg
                      width="24"
                      height="24"
                      viewBox="0 0 24 24"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="1.8"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                      focusable="false"
                    >
                      {action.icon}
                    </svg>
                  </span>
                  <span className="quick-action-text">
                    <AppLink to={action.to} className="quick-action-link">
                      {action.label}
                    </AppLink>
                    <span className="quick-action-description">{action.description}</span>
                  </span>
                </li>
              ))}
            </ul>
          </section>

          {organization && due ? <DueThisWeek due={due} /> : null}
        </div>

        <div className="dashboard-column dashboard-side">
          <section className="card" aria-labelledby="overview-title">
            <h2 id="overview-title">Organization Overview</h2>
            {organization ? (
              <div className="org-overview">
                <OrgAvatar name={organization.name} logo={organization.logo} />
                <div>
                  <p className="org-name">{organization.name}</p>
                  {organization.description ? <p>{organization.description}</p> : null}
                  {organization.website ? (
                    <p>
                      <a href={organization.website} target="_blank" rel="noopener noreferrer nofollow">
                        {organization.website}
                        <span className="visually-hidden"> (opens in a new tab)</span>
                      </a>
                    </p>
                  ) : null}
                  <dl className="facts">
                    <div>
                      <dt>Members</dt>
                      <dd>{organization.members_count}</dd>
                    </div>
                    <div>
                      <dt>Documents</dt>
                      <dd>{statistics?.total_documents ?? 0}</dd>
                    </div>
                  </dl>
                </div>
              </div>
            ) : error ? null : (
              <p>
                You don't have an active organization. <AppLink to="/organizations">Select Organization</AppLink>
              </p>
            )}
          </section>

          {organization ? (
            <section className="card" aria-labelledby="team-title">
              <div className="card-header">
                <h2 id="team-title">Team Members</h2>
                {isAdmin ? (
                  <Form method="get" action="/dashboard">
                    <button type="submit" className="button-small">
                      Refresh
                    </button>
                  </Form>
                ) : null}
              </div>
              <ul className="member-list">
                {members.map((member) => (
                  <li key={member.id}>
                    <span className="avatar avatar-small" aria-hidden="true">
                      {initialOf(member.user.first_name || member.user.email)}
                    </span>
                    <span className="member-name" title={member.user.first_name || member.user.email}>
                      {member.user.first_name || member.user.email}
                    </span>
                    <span className={`badge badge-${member.role}`}>{member.role_display}</span>
                  </li>
                ))}
              </ul>
              <p className="card-links">
                {membersCount > members.length ? (
                  <AppLink to="/admin/organization">View all {membersCount} members</AppLink>
                ) : null}
                {isAdmin ? <AppLink to="/admin/organization/invite">Invite Member</AppLink> : null}
              </p>
            </section>
          ) : null}
        </div>
      </div>
    </div>
  )
}

/** The plan's open tasks due within seven days, and those overdue (issue 34 item 4). */
function DueThisWeek({ due }: { due: NonNullable<Dashboard['due_this_week']> }) {
  return (
    <section className="card" aria-labelledby="due-title">
      <h2 id="due-title">Due this week</h2>
      {due.tasks.length ? (
        <ul className="dashboard-due-list">
          {due.tasks.map((task) => (
            <li key={task.id}>
              <AppLink to={`/actions#task-${task.id}`}>{task.title}</AppLink>
              <span className="muted">
                {' '}
                — {task.overdue ? 'overdue, was due' : 'due'} {calendarDay(task.due_date)}
                {task.owner ? `, ${task.owner}` : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p>Nothing in the action plan is due in the next seven days.</p>
      )}
      <p className="card-actions">
        <AppLink to="/actions" className="button button-small">
          {due.count > due.tasks.length ? `View all ${due.count} in the action plan` : 'Open the action plan'}
        </AppLink>
      </p>
    </section>
  )
}

function StatisticsList({ statistics }: { statistics: DocumentStatistics | null }) {
  const rows: Array<[string, number, string]> = [
    ['Total', statistics?.total_documents ?? 0, 'stat-total'],
    ['Processed', statistics?.processed_documents ?? 0, 'stat-processed'],
    ['Pending', (statistics?.pending_documents ?? 0) + (statistics?.processing_documents ?? 0), 'stat-pending'],
    ['Failed', statistics?.failed_documents ?? 0, 'stat-failed'],
  ]
  return (
    <dl className="stat-grid">
      {rows.map(([label, value, tone]) => (
        <div key={label} className={`stat ${tone}`}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
