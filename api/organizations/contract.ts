import type { organizations, Role } from '../db/schema'

// The bodies of the organizations API, for its services and the web tier's client (`import type` only).

export type { Role }

export const ROLE_DISPLAY: Record<Role, string> = { admin: 'Administrator', analyst: 'Analyst', member: 'Member' }

/** Spec §3 "Organization"; `role` and `role_display` are the caller's, where a call knows them. */
export interface OrganizationPayload {
  id: number
  name: string
  slug: string
  logo: string | null
  description: string
  website: string
  members_count: number
  created_at: string
  role?: Role
  role_display?: string
}

/** Spec §3 "Membership", with the member as the members list shows them. */
export interface MemberPayload {
  id: number
  role: Role
  role_display: string
  joined_at: string
  user: {
    id: number
    email: string
    username: string
    first_name: string
    last_name: string
    last_login: string | null
  }
}

/** PATCH /api/organizations/{slug}/members/{user_id}/: the membership as changed. */
export interface MemberRolePayload {
  id: number
  role: Role
  role_display: string
  user_id: number
}

type OrganizationRow = typeof organizations.$inferSelect

export function describeOrganization(
  organization: OrganizationRow,
  membersCount: number,
  role?: Role,
): OrganizationPayload {
  return {
    id: organization.id,
    name: organization.name,
    slug: organization.slug,
    logo: organization.logo,
    description: organization.description,
    website: organization.website,
    members_count: membersCount,
    created_at: organization.createdAt.toISOString(),
    ...(role ? { role, role_display: ROLE_DISPLAY[role] } : {}),
  }
}
