import { z } from 'zod'

import {
  type InvitationPreviewPayload as InvitationPreview,
  InvitationPreviewSchema,
  InvitationSchema,
  JoinedSchema,
  type NewAccountInput,
  type RespondPayload,
  SignedUpSchema,
} from '#api/invitations/contract'

import { apiJson } from './api-fetch.server'
import { apiPath } from './api-path.server'
import { expectShape } from './api-shape.server'

export type { InvitationPreview }

/** The signed-in user's invitations (spec §7) and the public e-mail-link calls. */
export function invitationsApi(request: Request) {
  return {
    mine: async () =>
      expectShape(z.array(InvitationSchema), await apiJson(request, apiPath('/users/invitations/')), 'invitations'),
    accept: async (id: number) =>
      expectShape(
        JoinedSchema,
        await apiJson(request, apiPath('/users/invitations/:id/accept/', { id }), { method: 'POST' }),
        'accept',
      ),
    decline: (id: number) =>
      apiJson<{ detail: string }>(request, apiPath('/users/invitations/:id/decline/', { id }), { method: 'POST' }),
    resend: async (id: number) =>
      expectShape(
        InvitationSchema,
        await apiJson(request, apiPath('/users/invitations/:id/resend/', { id }), { method: 'POST' }),
        'resend',
      ),
    remove: (id: number) => apiJson(request, apiPath('/users/invitations/:id/', { id }), { method: 'DELETE' }),
    /** Accept or decline through the e-mailed link, signed in as the invited address. */
    async respond(value: string, response: 'accept' | 'decline'): Promise<RespondPayload> {
      const body = await apiJson(request, apiPath('/invitations/token/:token/respond/', { token: value }), {
        method: 'POST',
        json: { response },
      })
      return response === 'accept' ? expectShape(JoinedSchema, body, 'accept') : (body as RespondPayload)
    },
    preview: async (value: string) =>
      expectShape(
        InvitationPreviewSchema,
        await apiJson(request, apiPath('/invitations/token/:token/', { token: value }), { anonymous: true }),
        'invitation',
      ),
    acceptWithNewAccount: async (value: string, input: NewAccountInput) =>
      expectShape(
        SignedUpSchema,
        await apiJson(request, apiPath('/invitations/token/:token/accept/', { token: value }), {
          method: 'POST',
          json: input,
          anonymous: true,
        }),
        'new account',
      ),
  }
}
