import { z } from 'zod'
import { ROLES } from '../db/schema'
import { InviteSchema } from '../organizations/schema'
import { requiredString } from '../validation'

export const CreateInvitationSchema = InviteSchema.extend({ organization: requiredString() })

export const NewAccountSchema = z.object({
  username: requiredString().pipe(
    z
      .string()
      .max(150, 'Ensure this field has no more than 150 characters.')
      .regex(/^[\w.@+-]+$/, 'Enter a valid username. Letters, digits and @/./+/-/_ only.'),
  ),
  password: z
    .string({ required_error: 'This field is required.' })
    .min(8, 'This password is too short. It must contain at least 8 characters.')
    .max(256, 'Ensure this field has no more than 256 characters.'),
})

export { ROLES }
