import { z } from 'zod'

import { MAX_ID } from '../../shared/ids'
import { ROLES } from '../db/schema'

const optionalText = (max: number) =>
  z
    .string({ invalid_type_error: 'Not a valid string.' })
    .trim()
    .max(max, `Ensure this field has no more than ${max} characters.`)
    .optional()

const website = z
  .string({ invalid_type_error: 'Not a valid string.' })
  .trim()
  .max(300, 'Ensure this field has no more than 300 characters.')
  .refine((value) => value === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value), 'Enter a valid URL.')
  .optional()

const name = z
  .string({ required_error: 'This field is required.', invalid_type_error: 'Not a valid string.' })
  .trim()
  .min(1, 'Organization name is required')
  .max(120, 'Ensure this field has no more than 120 characters.')

export const CreateOrganizationSchema = z
  .object({ name, description: optionalText(2000), website })
  .strict('Unknown field.')

export const UpdateOrganizationSchema = z
  .object({ name, description: optionalText(2000), website, logo: website })
  .partial()
  .strict('Unknown field.')

const role = z.enum(ROLES, { errorMap: () => ({ message: 'Choose one of admin, analyst or member.' }) })
/**
 * An id as a JSON number, or a string of digits as DRF accepts. Nothing else is coerced: `true` or
 * `[5]` would otherwise pass as 1 and 5 and act on a row the client never named.
 */
const id = (field: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d{1,12}\s*$/.test(value) ? Number(value) : value),
    z
      .number({ required_error: 'This field is required.', invalid_type_error: `A valid ${field} is required.` })
      .int(`A valid ${field} is required.`)
      .positive(`A valid ${field} is required.`)
      .max(MAX_ID, `A valid ${field} is required.`),
  )

export const MemberSchema = z.object({ user_id: id('user id') }).strict('Unknown field.')
export const MemberRoleSchema = z.object({ user_id: id('user id'), role }).strict('Unknown field.')
export const InviteSchema = z
  .object({
    email: z
      .string({ required_error: 'Email is required', invalid_type_error: 'Email is required' })
      .trim()
      .min(1, 'Email is required')
      .max(254, 'Ensure this field has no more than 254 characters.')
      .email('Please enter a valid email address'),
    role: role.default('member'),
  })
  .strict('Unknown field.')
export const InvitationIdSchema = z.object({ invitation_id: id('invitation id') }).strict('Unknown field.')
