import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { OrgAvatar } from '~/components/org-avatar'
import { ApiError } from '~/services/api-fetch.server'
import { currentUser } from '~/services/auth.server'
import { type DocumentStatistics, documentsApi } from '~/services/documents.server'
import { organizationsApi } from '~/services/organizations.server'

const TEAM_PREVIEW = 5

export const meta: MetaFunction = () => [{ title: 'Dashboard | Exit Planner' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const me = await currentUser(request)
  const user = { email: me.email, role: me.role }
  const slug = me.organization?.slug
  if (!slug) return json({ user, organization: null, statistics: null, members: [], membersCount: 0, error: null })
  try {
    const api = organizationsApi(request)
    const [organization, members, statistics] = await Promise.all([
      api.get(slug),
      api.members(slug),
      documentsApi(request).statistics(),
    ])
    return json({
      user,
      organization,
      statistics,
      members: members.slice(0, TEAM_PREVIEW),
      membersCount: members.length,
      error: null,
    })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return json({ user, organization: null, statistics: null, members: [], membersCount: 0, error: 'Failed to load dashboard data' })
  }
}

export default function Dashboard() {
  const { user, organization, statistics, members, membersCount, error } = useLoaderData<typeof loader>()
  const isAdmin = user.role === 'admin'
  const canUpload = user.role === 'admin' || user.role === 'analyst'
  return (
    <div className="stack">
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
          <Link to="/admin/organization" className="button button-secondary">
            Manage Organization
          </Link>
        ) : null}
      </div>

      {error ? (
        <div className="alert alert-error" role="alert">
          <p>{error}</p>
          <Form method="get" action="/dashboard">
            <button type="submit">Retry</button>
          </Form>
        </div>
      ) : null}

      <div className="card-grid">
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
                    <a href={organization.website} target="_blank" rel="noopener noreferrer">
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
              You don't have an active organization. <Link to="/organizations">Select Organization</Link>
            </p>
          )}
        </section>

        <section className="card" aria-labelledby="statistics-title">
          <h2 id="statistics-title">Document Statistics</h2>
          <StatisticsList statistics={statistics} />
          <p className="card-links">
            <Link to="/documents">View all documents</Link>
            {canUpload ? <Link to="/documents?upload=true">Upload a document</Link> : null}
          </p>
        </section>

        <section className="card" aria-labelledby="actions-title">
          <h2 id="actions-title">Quick Actions</h2>
          <ul className="quick-actions">
            <li>
              <Link to="/search">Search documents</Link>
            </li>
            <li>
              <Link to="/chat">Start a conversation</Link>
            </li>
            {canUpload ? (
              <li>
                <Link to="/analysis">Analyze documents</Link>
              </li>
            ) : null}
            <li>
              <Link to="/conversation-templates">Conversation templates</Link>
            </li>
            <li>
              <Link to="/transcriptions">Meeting transcriptions</Link>
            </li>
            <li>
              <Link to="/profile">Your profile</Link>
            </li>
          </ul>
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
                  <span>{member.user.first_name || member.user.email}</span>
                  <span className={`badge badge-${member.role}`}>{member.role_display}</span>
                </li>
              ))}
            </ul>
            <p className="card-links">
              {membersCount > TEAM_PREVIEW ? (
                <Link to="/admin/organization">View all {membersCount} members</Link>
              ) : null}
              {isAdmin ? <Link to="/admin/organization/invite">Invite Member</Link> : null}
            </p>
          </section>
        ) : null}
      </div>
    </div>
  )
}

function StatisticsList({ statistics }: { statistics: DocumentStatistics | null }) {
  const rows: Array<[string, number]> = [
    ['Total', statistics?.total_documents ?? 0],
    ['Processed', statistics?.processed_documents ?? 0],
    ['Pending', (statistics?.pending_documents ?? 0) + (statistics?.processing_documents ?? 0)],
    ['Failed', statistics?.failed_documents ?? 0],
  ]
  return (
    <dl className="stat-grid">
      {rows.map(([label, value]) => (
        <div key={label} className="stat">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

