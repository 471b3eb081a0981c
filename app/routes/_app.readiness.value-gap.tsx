import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'

import { GeneralErrorBoundary } from '~/components/error-boundary'
import { VALUE_GAP_FIELDS, ValueGapFormSchema } from '~/components/value-gap/schemas'
import { ValueGapSection } from '~/components/value-gap/value-gap-section'
import { parseForm } from '~/http/parse-form.server'
import { readForm } from '~/http/read-form.server'
import { assertApiError, fieldErrorsOf } from '~/services/api-fetch.server'
import { requireRole } from '~/services/auth.server'
import { valueGapApi } from '~/services/value-gap.server'
import { redirectWithToast } from '~/session/flash.server'
import valueGapStyles from '~/styles/value-gap.css'
import { pageMeta } from '~/utils/meta'

export const meta: MetaFunction = () =>
  pageMeta(
    'Value gap | Readiness | Exit Planner',
    'What a sale would leave the owner against what they need after tax, low, mid and high, with every input cited.',
  )

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: valueGapStyles }]

export async function loader({ request }: LoaderFunctionArgs) {
  try {
    return json({ gap: await valueGapApi(request).get(), error: null })
  } catch (error) {
    assertApiError(error)
    return json({ gap: null, error: 'Failed to load the value gap. Please try again later.' })
  }
}

const PAGE = '/readiness/value-gap'

export async function action({ request }: ActionFunctionArgs) {
  await requireRole(request, ['admin', 'analyst'])
  const submission = parseForm(await readForm(request), { schema: ValueGapFormSchema })
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
  // The form holds every entry: an empty field clears its entry, an unchanged one changes nothing.
  const entries = Object.fromEntries(VALUE_GAP_FIELDS.map((field) => [field, submission.value[field] ?? '']))
  try {
    await valueGapApi(request).update(entries)
  } catch (error) {
    assertApiError(error)
    const fields = fieldErrorsOf(error)
    if (!fields) return redirectWithToast(request, PAGE, { type: 'error', message: error.message })
    const fieldErrors: Record<string, string[]> = {}
    const formErrors: string[] = []
    for (const [field, messages] of Object.entries(fields)) {
      if ((VALUE_GAP_FIELDS as readonly string[]).includes(field)) fieldErrors[field] = messages
      else formErrors.push(...messages)
    }
    return json({ result: submission.reply({ fieldErrors, formErrors }) }, { status: 400 })
  }
  return redirectWithToast(request, PAGE, { type: 'success', message: 'Value gap inputs saved' })
}

export default function ValueGapPage() {
  const { gap, error } = useLoaderData<typeof loader>()
  const last = useActionData<typeof action>()
  return (
    <>
      {error ? (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      ) : null}
      {gap ? <ValueGapSection gap={gap} lastResult={last?.result} /> : null}
    </>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
