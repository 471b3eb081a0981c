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
import { apiPath } from './api-path.server'
import { expectShape } from './api-shape.server'

export type { Role }
export type Organization = OrganizationPayload
export type Member = MemberPayload
export type Invitation = InvitationPayload

/** The organizations API (spec §7 "Organizations and members"), bound to the signed-in request. */
export function organizationsApi(request: Request) {
  return {
    mine: async () =>
      expectShape(
        z.array(OrganizationSchema),
        await apiJson(request, apiPath('/users/my-organizations/')),
        'organizations',
      ),
    create: async (input: { name: string; description?: string; website?: string }) =>
      expectShape(
        OrganizationSchema,
        await apiJson(request, apiPath('/organizations/'), { method: 'POST', json: input }),
        'organization',
      ),
    get: async (slug: string) =>
      expectShape(
        OrganizationSchema,
        await apiJson(request, apiPath('/organizations/:slug/', { slug })),
        'organization',
      ),
    update: (slug: string, changes: Partial<Pick<Organization, 'name' | 'description' | 'website'>>) =>
      apiJson<Organization>(request, apiPath('/organizations/:slug/', { slug }), { method: 'PATCH', json: changes }),
    remove: (slug: string) => apiJson<void>(request, apiPath('/organizations/:slug/', { slug }), { method: 'DELETE' }),
    members: async (slug: string) =>
      expectShape(
        z.array(MemberSchema),
        await apiJson(request, apiPath('/organizations/:slug/members/', { slug })),
        'members',
      ),
    removeMember: (slug: string, userId: number) =>
      apiJson<{ detail: string }>(request, apiPath('/organizations/:slug/remove_member/', { slug }), {
        method: 'POST',
        json: { user_id: userId },
      }),
    updateMemberRole: (slug: string, userId: number, role: Role) =>
      apiJson<MemberRolePayload>(request, apiPath('/organizations/:slug/update_member_role/', { slug }), {
        method: 'POST',
        json: { user_id: userId, role },
      }),
    invitations: async (slug: string) =>
      expectShape(
        z.array(InvitationSchema),
        await apiJson(request, apiPath('/organizations/:slug/invitations/', { slug })),
        'invitations',
      ),
    invite: (slug: string, input: { email: string; role: Role }) =>
      apiJson<Invitation>(request, apiPath('/organizations/:slug/invite/', { slug }), { method: 'POST', json: input }),
    removeInvitation: (slug: string, invitationId: number) =>
      apiJson<{ detail: string }>(request, apiPath('/organizations/:slug/remove_invitation/', { slug }), {
        method: 'POST',
        json: { invitation_id: invitationId },
      }),
  }
}
