import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'

import { AdminNav } from '~/components/admin-nav'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { MembersTable } from '~/components/members-table'
import { readForm } from '~/http/read-form.server'
import { badRequest, unknownIntent } from '~/http/responses.server'
import { requireAdmin } from '~/services/auth.server'
import { organizationsApi } from '~/services/organizations.server'
import { pageMeta } from '~/utils/meta'

import { changeMember, idParam } from './_app.admin.members.server'

export const meta: MetaFunction = () => pageMeta('User Management | Exit Planner')

export async function loader({ request }: LoaderFunctionArgs) {
  const me = await requireAdmin(request)
  const slug = me.organization?.slug
  const url = new URL(request.url)
  return json({
    organizationName: me.organization?.name ?? null,
    members: slug ? await organizationsApi(request).members(slug) : [],
    editing: idParam(url, 'edit'),
    removing: idParam(url, 'remove'),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const me = await requireAdmin(request)
  if (!me.organization) throw badRequest('No organization')
  const form = await readForm(request)
  switch (form.get('intent')) {
    case 'update-role':
    case 'remove-member':
      return changeMember(request, me.organization.slug, form, '/admin/users')
    default:
      throw unknownIntent()
  }
}

export default function UserManagement() {
  const { organizationName, members, editing, removing } = useLoaderData<typeof loader>()
  return (
    <div className="page">
      <AdminNav />
      <div className="page-header">
        <div>
          <h1>User Management</h1>
          {organizationName ? <p>The people of {organizationName}, their roles and their last sign-in.</p> : null}
        </div>
        <Link to="/admin/organization/invite" className="button button-primary">
          Invite Members
        </Link>
      </div>
      <MembersTable members={members} editing={editing} removing={removing} showDetails />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
