import { z } from 'zod'

import { DATE_EXAMPLE, readTypedDay, typedDay } from '#shared/calendar'
import { type Control, Field, textInputProps } from '~/components/forms'

/*
 * A date is typed into a text field, not an `<input type="date">`: Chromium's date field turns a day
 * that does not exist ("02/30/2026") into an empty value, so the form sent nothing and the task was
 * saved with no due date, without a word (issue 47). Typed text reaches the server as it was typed,
 * is refused there (and in the browser first) with a reason on the field, and comes back to be fixed.
 */

/** An optional date field of a form's schema: empty is no date; anything else must name a real day. */
export const optionalDate = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((text, context) => {
      if (!text) return undefined
      const read = readTypedDay(text)
      if ('day' in read) return read.day
      context.addIssue({ code: 'custom', message: read.problem })
      return z.NEVER
    })

/** A stored day (YYYY-MM-DD, or none) as its date field starts: "03/15/2027", or empty. */
export const dateDefault = (day: string | null | undefined) => (day ? typedDay(day) : '')

const FORMAT = `MM/DD/YYYY, e.g. ${DATE_EXAMPLE}.`

/** A labelled date field saying how to write the date, with `help` after that when there is more to say. */
export function DateField({ label, control, help }: { label: string; control: Control; help?: string }) {
  return (
    <Field
      label={label}
      inputProps={{ ...textInputProps(control), autoComplete: 'off' }}
      errors={control.errors}
      help={help ? `${FORMAT} ${help}` : FORMAT}
    />
  )
}
