import { z } from 'zod'
import { requiredString } from '../validation'

const text = (max: number) =>
  z.string({ invalid_type_error: 'Not a valid string.' }).trim().max(max, `Ensure this field has no more than ${max} characters.`)

export const UpdateMeSchema = z
  .object({
    first_name: text(150),
    last_name: text(150),
    email: requiredString().pipe(z.string().email('Enter a valid email address.')),
    username: requiredString().pipe(
      z
        .string()
        .max(150, 'Ensure this field has no more than 150 characters.')
        .regex(/^[\w.@+-]+$/, 'Enter a valid username. Letters, digits and @/./+/-/_ only.'),
    ),
  })
  .partial()
  .strict('Unknown field.')

export const ChangePasswordSchema = z.object({
  old_password: z.string({ required_error: 'This field is required.' }).min(1, 'This field may not be blank.'),
  new_password: z
    .string({ required_error: 'This field is required.' })
    .min(8, 'This password is too short. It must contain at least 8 characters.')
    .max(256, 'Ensure this field has no more than 256 characters.'),
})
