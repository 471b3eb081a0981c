import { z } from 'zod'

import { type InvitationPayload, InvitationSchema } from '#api/invitations/contract'
import {
  type MemberPayload,
  type MemberRolePayload,
  MemberSchema,
  type OrganizationPayload,
  OrganizationSchema,
  type Role,
} from '#api/organizations/contract'

import { apiJson } from './api-fetch.server'
import { expectShape } from './api-shape.server'

export type { Role }
export type Organization = OrganizationPayload
export type Member = MemberPayload
export type Invitation = InvitationPayload

const path = (slug: string, rest = '') => `/organizations/${encodeURIComponent(slug)}/${rest}`

/** The organizations API (spec §7 "Organizations and members"), bound to the signed-in request. */
export function organizationsApi(request: Request) {
  return {
    mine: async () =>
      expectShape(z.array(OrganizationSchema), await apiJson(request, '/users/my-organizations/'), 'organizations'),
    create: async (input: { name: string; description?: string; website?: string }) =>
      expectShape(
        OrganizationSchema,
        await apiJson(request, '/organizations/', { method: 'POST', json: input }),
        'organization',
      ),
    get: async (slug: string) => expectShape(OrganizationSchema, await apiJson(request, path(slug)), 'organization'),
    update: (slug: string, changes: Partial<Pick<Organization, 'name' | 'description' | 'website'>>) =>
      apiJson<Organization>(request, path(slug), { method: 'PATCH', json: changes }),
    remove: (slug: string) => apiJson<void>(request, path(slug), { method: 'DELETE' }),
    members: async (slug: string) =>
      expectShape(z.array(MemberSchema), await apiJson(request, path(slug, 'members/')), 'members'),
    removeMember: (slug: string, userId: number) =>
      apiJson<{ detail: string }>(request, path(slug, 'remove_member/'), { method: 'POST', json: { user_id: userId } }),
    updateMemberRole: (slug: string, userId: number, role: Role) =>
      apiJson<MemberRolePayload>(request, path(slug, 'update_member_role/'), {
        method: 'POST',
        json: { user_id: userId, role },
      }),
    invitations: async (slug: string) =>
      expectShape(z.array(InvitationSchema), await apiJson(request, path(slug, 'invitations/')), 'invitations'),
    invite: (slug: string, input: { email: string; role: Role }) =>
      apiJson<Invitation>(request, path(slug, 'invite/'), { method: 'POST', json: input }),
    removeInvitation: (slug: string, invitationId: number) =>
      apiJson<{ detail: string }>(request, path(slug, 'remove_invitation/'), {
        method: 'POST',
        json: { invitation_id: invitationId },
      }),
  }
}
