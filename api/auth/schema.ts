import { z } from 'zod'

import { requiredString } from '../kernel/validation'

const limited = (max: number) =>
  requiredString().pipe(z.string().max(max, `Ensure this field has no more than ${max} characters.`))

export const ObtainTokenSchema = z
  .object({
    username: limited(254),
    password: z
      .string({ required_error: 'This field is required.', invalid_type_error: 'Not a valid string.' })
      .min(1, 'This field may not be blank.')
      .max(256, 'Ensure this field has no more than 256 characters.'),
  })
  .strict('Unknown field.')

export const RefreshTokenSchema = z.object({ refresh: limited(200) }).strict('Unknown field.')

// Google's ID tokens are about 1 KB; the bound only keeps a huge string away from the verifier.
export const GoogleTokenSchema = z.object({ token: limited(8192) }).strict('Unknown field.')
