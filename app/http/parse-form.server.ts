import type { Submission } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import type { z } from 'zod'

import { boundForm, type Refusal } from './form-bounds.server'

const message = (refusal: Refusal) =>
  refusal.kind === 'too-many'
    ? `The form sent more than the ${refusal.max} items a list here accepts, so nothing was saved; the extra items were left out.`
    : refusal.kind === 'unknown'
      ? 'The form sent fields it does not have, so nothing was saved; they were left out.'
      : 'The form sent an add, remove or move request that does not fit it, so nothing was changed.'

/**
 * Every action's `parseWithZod`: a form whose names or intent go past its schema (see
 * form-bounds.server.ts) is refused before Conform builds anything from them. The refusal is an
 * error submission like any invalid form's, so the action answers 400 and the page shows the form
 * again, with what it could keep and a message saying what was left out.
 */
export function parseForm<Schema extends z.ZodTypeAny>(
  form: FormData | URLSearchParams,
  { schema }: { schema: Schema },
): Submission<z.input<Schema>, string[], z.output<Schema>> {
  const { refusals, kept } = boundForm(form, schema)
  if (!refusals.length) return parseWithZod(form, { schema })
  const formErrors = refusals.map(message)
  const within = parseWithZod(kept, { schema })
  return {
    status: 'error',
    payload: within.payload,
    error: { ...(within.status === 'success' ? {} : within.error), '': formErrors },
    reply: (options = {}) =>
      within.reply(
        'resetForm' in options
          ? options
          : { ...options, formErrors: [...formErrors, ...(('formErrors' in options && options.formErrors) || [])] },
      ),
  }
}
