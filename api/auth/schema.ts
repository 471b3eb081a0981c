import { z } from 'zod'
import { requiredString } from '../validation'

export const ObtainTokenSchema = z.object({
  username: requiredString(),
  password: z
    .string({ required_error: 'This field is required.', invalid_type_error: 'Not a valid string.' })
    .min(1, 'This field may not be blank.'),
})

export const RefreshTokenSchema = z.object({ refresh: requiredString() })

export const GoogleTokenSchema = z.object({ token: requiredString() })
