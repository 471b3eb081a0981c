import type { organizations, Role } from '../db/schema'
import type { listMembers, updateMemberRole } from './service'

export const ROLE_DISPLAY: Record<Role, string> = { admin: 'Administrator', analyst: 'Analyst', member: 'Member' }

type OrganizationRow = typeof organizations.$inferSelect

export function describeOrganization(organization: OrganizationRow, membersCount: number, role?: Role) {
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

// The response bodies of the organizations API, for the web tier's client (`import type` only).
export type OrganizationPayload = ReturnType<typeof describeOrganization>
export type MemberPayload = Awaited<ReturnType<typeof listMembers>>[number]
export type MemberRolePayload = Awaited<ReturnType<typeof updateMemberRole>>
export type { Role }
