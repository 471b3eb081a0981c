import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requireRole } from '~/services/auth.server'
import { organizationsApi } from '~/services/organizations.server'

export const meta: MetaFunction = () => [{ title: 'Organization Administration | Exit Planner' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const me = await requireRole(request, ['admin'])
  const organization = me.organization
  const members = organization ? await organizationsApi(request).members(organization.slug) : []
  return json({ organization, members })
}

export default function OrganizationAdmin() {
  const { organization, members } = useLoaderData<typeof loader>()
  return (
    <div className="page">
      <h1>{organization ? organization.name : 'Organization Administration'}</h1>
      <h2>Members</h2>
      {members.length === 0 ? (
        <p>No members found in this organization.</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <tr key={member.id}>
                <td>{member.user.email}</td>
                <td>
                  <span className={`badge badge-${member.role}`}>{member.role_display}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}
