import { apiJson } from './api-fetch.server'

export type Role = 'admin' | 'analyst' | 'member'

export interface Organization {
  id: number
  name: string
  slug: string
  logo: string | null
  description: string
  website: string
  members_count: number
  role?: Role
  role_display?: string
}

export interface Member {
  id: number
  role: Role
  role_display: string
  joined_at: string
  user: { id: number; email: string; username: string; first_name: string; last_name: string; last_login: string | null }
}

export interface Invitation {
  id: number
  email: string
  role: Role
  role_display: string
  status: string
  status_display: string
  is_expired: boolean
  created_at: string
  expires_at: string
  organization: { id: number; name: string; slug: string; description: string; website: string; logo: string | null; members_count: number }
  invited_by: { first_name: string; last_name: string; username: string; email: string } | null
}

const path = (slug: string, rest = '') => `/organizations/${encodeURIComponent(slug)}/${rest}`

/** The organizations API (spec §7 "Organizations and members"), bound to the signed-in request. */
export function organizationsApi(request: Request) {
  return {
    mine: () => apiJson<Organization[]>(request, '/users/my-organizations/'),
    create: (input: { name: string; description?: string; website?: string }) =>
      apiJson<Organization>(request, '/organizations/', { method: 'POST', json: input }),
    get: (slug: string) => apiJson<Organization>(request, path(slug)),
    update: (slug: string, changes: Partial<Pick<Organization, 'name' | 'description' | 'website'>>) =>
      apiJson<Organization>(request, path(slug), { method: 'PATCH', json: changes }),
    remove: (slug: string) => apiJson<void>(request, path(slug), { method: 'DELETE' }),
    members: (slug: string) => apiJson<Member[]>(request, path(slug, 'members/')),
    removeMember: (slug: string, userId: number) =>
      apiJson(request, path(slug, 'remove_member/'), { method: 'POST', json: { user_id: userId } }),
    updateMemberRole: (slug: string, userId: number, role: Role) =>
      apiJson(request, path(slug, 'update_member_role/'), { method: 'POST', json: { user_id: userId, role } }),
    invitations: (slug: string) => apiJson<Invitation[]>(request, path(slug, 'invitations/')),
    invite: (slug: string, input: { email: string; role: Role }) =>
      apiJson<Invitation>(request, path(slug, 'invite/'), { method: 'POST', json: input }),
    removeInvitation: (slug: string, invitationId: number) =>
      apiJson(request, path(slug, 'remove_invitation/'), { method: 'POST', json: { invitation_id: invitationId } }),
  }
}
