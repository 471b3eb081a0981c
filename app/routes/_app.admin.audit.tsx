import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Link, useLoaderData, useLocation } from '@remix-run/react'

import { AdminNav } from '~/components/admin-nav'
import { AuditLogTable } from '~/components/audit-log-table'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { Pagination } from '~/components/pagination'
import { assertApiError } from '~/services/api-fetch.server'
import { auditApi } from '~/services/audit.server'
import { requireAdmin } from '~/services/auth.server'
import { plural } from '~/utils/format'

export const meta: MetaFunction = () => [{ title: 'Audit Log | Exit Planner' }]

// The largest page number the backend takes (a PostgreSQL integer); a bigger one is simply past the end.
const MAX_PAGE = 2_147_483_647

export async function loader({ request }: LoaderFunctionArgs) {
  const me = await requireAdmin(request)
  const organization = me.organization
  if (!organization) return json({ organizationName: null, log: null, error: null })
  const requested = Math.floor(Number(new URL(request.url).searchParams.get('page')))
  const page = Number.isFinite(requested) && requested >= 1 ? Math.min(requested, MAX_PAGE) : 1
  try {
    return json({
      organizationName: organization.name,
      log: await auditApi(request).list(organization.slug, page),
      error: null,
    })
  } catch (error) {
    assertApiError(error)
    return json({
      organizationName: organization.name,
      log: null,
      error: 'Failed to load the audit log. Please try again later.',
    })
  }
}

export default function AuditLog() {
  const { organizationName, log, error } = useLoaderData<typeof loader>()
  const location = useLocation()
  return (
    <div className="page">
      <AdminNav />
      <div className="page-header">
        <div>
          <h1>Audit Log</h1>
          {organizationName ? (
            <p>
              Administrative actions in {organizationName}: invitations, role changes, removals, changes to the
              organization, deletions of its documents, templates, meetings and conversations, and members’ e-mail and
              password changes.
            </p>
          ) : null}
        </div>
      </div>
      {error ? (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      ) : !log ? (
        <p>
          You don't have an active organization. <Link to="/organizations">Select Organization</Link>
        </p>
      ) : log.count === 0 ? (
        <div className="empty-state">
          <p>No administrative actions have been recorded yet.</p>
        </div>
      ) : log.results.length === 0 ? (
        <div className="empty-state">
          <p>This page is past the end of the log.</p>
          <Link to="?">Go to the newest actions</Link>
        </div>
      ) : (
        <>
          <p className="muted">{plural(log.count, 'action')} recorded, newest first.</p>
          <AuditLogTable events={log.results} />
        </>
      )}
      {log ? (
        <Pagination
          count={log.count}
          page={log.page}
          pageSize={log.page_size}
          search={new URLSearchParams(location.search)}
        />
      ) : null}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
