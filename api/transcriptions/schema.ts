import { z } from 'zod'

import { MAX_ID } from '../../shared/ids'
import { MAX_PARTICIPANTS, MEETING_STATUSES, ROLE_NAMES } from '../../shared/meetings'

const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`

const required = (max: number) =>
  z
    .string({ required_error: 'This field is required.', invalid_type_error: 'Not a valid string.' })
    .trim()
    .min(1, 'This field may not be blank.')
    .max(max, tooLong(max))

const ParticipantSchema = z
  .object(
    {
      name: required(120),
      email: z
        .string({ invalid_type_error: 'Not a valid string.' })
        .trim()
        .max(254, tooLong(254))
        .refine((email) => email === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email), 'Enter a valid email address.')
        .default(''),
      role: z
        .enum(ROLE_NAMES, { errorMap: () => ({ message: `Choose one of: ${ROLE_NAMES.join(', ')}.` }) })
        .default('participant'),
    },
    { invalid_type_error: 'Invalid data. Expected a JSON object.' },
  )
  .strict('Unknown field.')

const fields = {
  title: required(200),
  date: z
    .string({ required_error: 'This field is required.', invalid_type_error: 'Enter a valid date and time.' })
    .datetime({ offset: true, message: 'Enter a valid date and time, e.g. 2026-12-01T15:00:00Z.' })
    .refine((date) => {
      const year = new Date(date).getUTCFullYear()
      // Not a date at all is the datetime check's to say.
      return Number.isNaN(year) || (year >= 1900 && year <= 9999)
    }, 'Enter a date between the years 1900 and 9999.'),
  duration: z
    .number({ required_error: 'This field is required.', invalid_type_error: 'A whole number of minutes is required.' })
    .int('A whole number of minutes is required.')
    .min(0, 'Ensure this value is greater than or equal to 0.')
    .max(24 * 60, 'Ensure this value is less than or equal to 1440.'),
  participants: z
    .array(ParticipantSchema, { invalid_type_error: 'Expected a list of participants.' })
    .max(MAX_PARTICIPANTS, `Ensure this list has no more than ${MAX_PARTICIPANTS} participants.`)
    .default([]),
}

/** POST /api/meetings/ (schedule) and PUT: spec §3 "Meeting" as a client writes it. */
export const MeetingSchema = z.object(fields).strict('Unknown field.')

export const MeetingPatchSchema = z
  .object({
    title: fields.title.optional(),
    date: fields.date.optional(),
    duration: fields.duration.optional(),
    participants: fields.participants.optional(),
  })
  .strict('Unknown field.')

export const ListMeetingsSchema = z.object({
  status: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .enum(MEETING_STATUSES, { errorMap: () => ({ message: `Choose one of: ${MEETING_STATUSES.join(', ')}.` }) })
      .optional(),
  ),
  page: z.coerce.number().int().min(1).max(MAX_ID).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
})

export type MeetingInput = z.infer<typeof MeetingSchema>
export type MeetingPatch = z.infer<typeof MeetingPatchSchema>
export type ListMeetingsQuery = z.infer<typeof ListMeetingsSchema>
