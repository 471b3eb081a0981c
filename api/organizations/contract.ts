import { z } from 'zod'

import { type Role, ROLES } from '../../shared/accounts'
import type { organizations } from '../db/schema'

// The bodies of the organizations API, declared once: its services return them, the web tier's
// client checks what it is sent against them. Only zod and shared/ (types aside), so the web tier
// may load it.

export type { Role }

export const ROLE_DISPLAY: Record<Role, string> = { admin: 'Administrator', analyst: 'Analyst', member: 'Member' }

/** Spec §3 "Organization"; `role` and `role_display` are the caller's, where a call knows them. */
export const OrganizationSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  description: z.string(),
  website: z.string(),
  members_count: z.number(),
  created_at: z.string(),
  role: z.enum(ROLES).optional(),
  role_display: z.string().optional(),
})

/** Spec §3 "Membership", with the member as the members list shows them. */
export const MemberSchema = z.object({
  id: z.number(),
  role: z.enum(ROLES),
  role_display: z.string(),
  joined_at: z.string(),
  user: z.object({
    id: z.number(),
    email: z.string(),
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    last_login: z.string().nullable(),
  }),
})

/** PATCH /api/organizations/{slug}/members/{user_id}/: the membership as changed. */
export const MemberRoleSchema = z.object({
  id: z.number(),
  role: z.enum(ROLES),
  role_display: z.string(),
  user_id: z.number(),
})

export type OrganizationPayload = z.infer<typeof OrganizationSchema>
export type MemberPayload = z.infer<typeof MemberSchema>
export type MemberRolePayload = z.infer<typeof MemberRoleSchema>

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
