import { Form, Link } from '@remix-run/react'

import type { MemberPayload as Member, Role } from '#api/organizations/contract'
import { useDates } from '~/components/use-dates'
import { roleLabel } from '~/utils/access'
import { displayName } from '~/utils/format'

const ROLE_OPTIONS = (['member', 'analyst', 'admin'] satisfies Role[]).map((value) => ({
  value,
  label: roleLabel(value),
}))

/**
 * Members with Edit (change role) and Remove. Both open a confirm step in the row itself, reached
 * by a link (`?edit=` / `?remove=`), so they work without JavaScript and from the keyboard.
 */
export function MembersTable({
  members,
  editing,
  removing,
  showDetails = false,
}: {
  members: Member[]
  editing: number | null
  removing: number | null
  showDetails?: boolean
}) {
  const { formatDateTime } = useDates()
  if (members.length === 0) return <p>No members found in this organization.</p>
  return (
    <div className="table-scroll">
      <table className="table stack-table">
        <thead>
          <tr>
            {showDetails ? <th scope="col">Name</th> : null}
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            {showDetails ? <th scope="col">Last Login</th> : null}
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.id}>
              {showDetails ? <td data-label="Name">{displayName(member.user)}</td> : null}
              <td data-label="Email">{member.user.email}</td>
              <td data-label="Role">
                {editing === member.user.id ? (
                  <Form method="post" className="inline-actions" id={`role-form-${member.user.id}`}>
                    <input type="hidden" name="userId" value={member.user.id} />
                    <label className="visually-hidden" htmlFor={`role-${member.user.id}`}>
                      Role for {member.user.email}
                    </label>
                    <select id={`role-${member.user.id}`} name="role" defaultValue={member.role} autoFocus>
                      {ROLE_OPTIONS.map((option) => (
                        <option key={option.value} value={option.value}>
                          {option.label}
                        </option>
                      ))}
                    </select>
                  </Form>
                ) : (
                  <span className={`badge badge-${member.role}`}>{member.role_display}</span>
                )}
              </td>
              {showDetails ? (
                <td data-label="Last Login">
                  {member.user.last_login ? formatDateTime(member.user.last_login) : 'Never'}
                </td>
              ) : null}
              <td data-label="Actions">
                {editing === member.user.id ? (
                  <span className="inline-actions">
                    <button
                      type="submit"
                      form={`role-form-${member.user.id}`}
                      name="intent"
                      value="update-role"
                      className="button-primary"
                    >
                      Save role
                    </button>
                    <Link to="?" className="button">
                      Cancel
                    </Link>
                  </span>
                ) : removing === member.user.id ? (
                  <Form method="post" className="inline-actions confirm">
                    <input type="hidden" name="userId" value={member.user.id} />
                    <span>Remove {member.user.email} from the organization?</span>
                    <button type="submit" name="intent" value="remove-member" className="button-danger" autoFocus>
                      Confirm remove
                    </button>
                    <Link to="?" className="button">
                      Cancel
                    </Link>
                  </Form>
                ) : (
                  <span className="inline-actions">
                    <Link
                      to={`?edit=${member.user.id}`}
                      className="button"
                      aria-label={`Edit role of ${member.user.email}`}
                    >
                      Edit
                    </Link>
                    <Link
                      to={`?remove=${member.user.id}`}
                      className="button"
                      aria-label={`Remove ${member.user.email}`}
                    >
                      Remove
                    </Link>
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
