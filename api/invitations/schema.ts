import { z } from 'zod'

import { requiredString } from '../kernel/validation'
import { InviteSchema } from '../organizations/schema'
import { PasswordSchema, UsernameSchema } from '../users/schema'

export const CreateInvitationSchema = InviteSchema.extend({
  organization: requiredString().pipe(z.string().max(200, 'Ensure this field has no more than 200 characters.')),
}).strict('Unknown field.')

const nameText = z
  .string({ invalid_type_error: 'Not a valid string.' })
  .trim()
  .max(150, 'Ensure this field has no more than 150 characters.')

export const NewAccountSchema = z
  .object({
    username: UsernameSchema,
    password: PasswordSchema,
    first_name: nameText.optional(),
    last_name: nameText.optional(),
  })
  .strict('Unknown field.')

export const RespondSchema = z
  .object({
    response: z.enum(['accept', 'decline'], {
      required_error: 'This field is required.',
      invalid_type_error: 'Must be "accept" or "decline".',
      message: 'Must be "accept" or "decline".',
    }),
  })
  .strict('Unknown field.')
