import { z } from 'zod'

import { requiredString, TimeZoneSchema } from '../kernel/validation'

const text = (max: number) =>
  z
    .string({ invalid_type_error: 'Not a valid string.' })
    .trim()
    .max(max, `Ensure this field has no more than ${max} characters.`)

/**
 * No "@" in usernames: sign-in takes a username or an e-mail address, and a username that looks like
 * someone's address would make the two ambiguous.
 */
export const UsernameSchema = requiredString().pipe(
  z
    .string()
    .max(150, 'Ensure this field has no more than 150 characters.')
    .regex(/^[\w.+-]+$/, 'Enter a valid username. Letters, digits and ./+/-/_ only.'),
)

export const PasswordSchema = z
  .string({ required_error: 'This field is required.', invalid_type_error: 'Not a valid string.' })
  .min(8, 'This password is too short. It must contain at least 8 characters.')
  .max(256, 'Ensure this field has no more than 256 characters.')

export const EmailSchema = requiredString().pipe(
  z.string().max(254, 'Ensure this field has no more than 254 characters.').email('Enter a valid email address.'),
)

export const UpdateMeSchema = z
  .object({
    first_name: text(150),
    last_name: text(150),
    email: EmailSchema,
    username: UsernameSchema,
    // An empty string goes back to the browser's zone (stored as null); no field of the API takes null.
    time_zone: z.string({ invalid_type_error: 'Not a valid string.' }).pipe(
      z
        .literal('')
        .transform(() => null)
        .or(TimeZoneSchema),
    ),
  })
  .partial()
  .strict('Unknown field.')

/** PUT /api/me/organization/: the organization the user chooses to work in, by slug. */
export const ChooseOrganizationSchema = z
  .object({ slug: requiredString().pipe(z.string().max(100)) })
  .strict('Unknown field.')

export const ChangePasswordSchema = z
  .object({
    old_password: z
      .string({ required_error: 'This field is required.', invalid_type_error: 'Not a valid string.' })
      .min(1, 'This field may not be blank.')
      .max(256, 'Ensure this field has no more than 256 characters.'),
    new_password: PasswordSchema,
  })
  .strict('Unknown field.')

export const ConfirmEmailSchema = z
  .object({ token: requiredString().pipe(z.string().max(200, 'Ensure this field has no more than 200 characters.')) })
  .strict('Unknown field.')
