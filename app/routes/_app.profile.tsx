import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { z } from 'zod'

import { canonicalTimeZone, timeZoneNames, utcOffset } from '#shared/time-zones'
import { ChangeEmailSchema, EmailSettings } from '~/components/email-settings'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList, Field } from '~/components/forms'
import { TimeZoneSettings, TimeZoneSettingsSchema } from '~/components/time-zone-settings'
import { useDates } from '~/components/use-dates'
import { parseForm } from '~/http/parse-form.server'
import { readForm } from '~/http/read-form.server'
import { unknownIntent } from '~/http/responses.server'
import { type ApiError, assertApiError } from '~/services/api-fetch.server'
import { currentUser } from '~/services/auth.server'
import { cancelEmailChange, changePassword, type Me, updateMe } from '~/services/auth-api.server'
import { redirectWithToast } from '~/session/flash.server'
import { initialOf } from '~/utils/format'
import { pageMeta } from '~/utils/meta'

export const meta: MetaFunction = () => pageMeta('User Profile | Exit Planner')

const GOOGLE_REFUSAL = 'Password change is only available for username/password accounts'

const ChangePasswordSchema = z.object({
  old_password: z.string({ required_error: 'Enter your current password' }),
  new_password: z
    .string({ required_error: 'Enter a new password' })
    .min(8, 'The new password must be at least 8 characters long'),
})

export async function loader({ request }: LoaderFunctionArgs) {
  const me = await currentUser(request)
  // Offsets are read here: the browser's time-zone data may be newer or older than the server's, and
  // a list drawn from two would not hydrate.
  const now = new Date()
  return json({ me, timeZones: timeZoneNames().map((zone) => ({ zone, offset: utcOffset(zone, now) })) })
}

export async function action({ request }: ActionFunctionArgs) {
  const me = await currentUser(request)
  const form = await readForm(request)
  switch (form.get('intent')) {
    case 'change-password':
      return changePasswordAction(request, me, form)
    case 'change-email':
      return changeEmailAction(request, form)
    case 'cancel-email-change':
      return cancelEmailChangeAction(request)
    case 'set-time-zone':
      return setTimeZoneAction(request, form)
    default:
      throw unknownIntent()
  }
}

const fieldMessages = (error: ApiError, field: string) =>
  Array.isArray(error.body[field]) ? (error.body[field] as string[]) : undefined

async function changePasswordAction(request: Request, me: Me, form: FormData) {
  const submission = parseForm(form, { schema: ChangePasswordSchema })
  const reply = (options: Parameters<typeof submission.reply>[0] = {}) =>
    json(
      {
        intent: 'change-password' as const,
        result: submission.reply({ ...options, hideFields: ['old_password', 'new_password'] }),
      },
      { status: 400 },
    )
  if (me.auth_provider !== 'jwt') return reply({ formErrors: [GOOGLE_REFUSAL] })
  if (submission.status !== 'success') return reply()
  try {
    await changePassword(request, submission.value)
  } catch (error) {
    assertApiError(error)
    const fieldErrors = {
      old_password: fieldMessages(error, 'old_password') ?? [],
      new_password: fieldMessages(error, 'new_password') ?? [],
    }
    const onFields = fieldErrors.old_password.length + fieldErrors.new_password.length > 0
    return reply({
      formErrors: fieldMessages(error, 'non_field_errors') ?? (onFields ? [] : ['Failed to change password']),
      fieldErrors,
    })
  }
  return redirectWithToast(request, '/profile', {
    type: 'success',
    message: 'Password changed. Your other sessions have been signed out.',
  })
}

async function changeEmailAction(request: Request, form: FormData) {
  const submission = parseForm(form, { schema: ChangeEmailSchema })
  const reply = (options: Parameters<typeof submission.reply>[0] = {}) =>
    json({ intent: 'change-email' as const, result: submission.reply(options) }, { status: 400 })
  if (submission.status !== 'success') return reply()
  try {
    await updateMe(request, { email: submission.value.email })
  } catch (error) {
    assertApiError(error)
    const onField = fieldMessages(error, 'email')
    return reply(
      onField
        ? { fieldErrors: { email: onField } }
        : { formErrors: [error.status === 503 ? error.message : 'Failed to update profile'] },
    )
  }
  return redirectWithToast(request, '/profile', {
    type: 'info',
    message: `We sent a confirmation link to ${submission.value.email}. Follow it to confirm the address.`,
  })
}

async function setTimeZoneAction(request: Request, form: FormData) {
  const submission = parseForm(form, { schema: TimeZoneSettingsSchema })
  const reply = (options: Parameters<typeof submission.reply>[0] = {}) =>
    json({ intent: 'set-time-zone' as const, result: submission.reply(options) }, { status: 400 })
  if (submission.status !== 'success') return reply()
  const zone = submission.value.time_zone ? canonicalTimeZone(submission.value.time_zone) : null
  try {
    await updateMe(request, { time_zone: zone ?? '' })
  } catch (error) {
    assertApiError(error)
    return reply({ formErrors: [error.status === 503 ? error.message : 'Failed to update profile'] })
  }
  return redirectWithToast(request, '/profile', {
    type: 'success',
    message: zone ? `Times are now shown in ${zone}.` : "Times now follow your browser's time zone.",
  })
}

async function cancelEmailChangeAction(request: Request) {
  await cancelEmailChange(request)
  return redirectWithToast(request, '/profile', { type: 'info', message: 'The e-mail change was cancelled.' })
}

export default function Profile() {
  const { formatDateTime } = useDates()
  const { me, timeZones } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const lastResult = actionData?.intent === 'change-password' ? actionData.result : null
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'change-password',
    lastResult,
    constraint: getZodConstraint(ChangePasswordSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangePasswordSchema }),
  })
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'change-password'
  const organization = me.organization
  return (
    <div className="stack">
      <div className="page">
        <h1>User Profile</h1>
        <p className="org-banner">
          {organization ? (
            <>
              Working in <strong>{organization.name}</strong>
            </>
          ) : (
            'No organization assigned'
          )}
        </p>
        <div className="profile-head">
          <span className="avatar avatar-large" aria-hidden="true">
            {initialOf(me.email)}
          </span>
          <div>
            <p className="profile-email">{me.email}</p>
            <p className="profile-role">{me.role ? me.role.toUpperCase() : 'User'}</p>
          </div>
        </div>
      </div>

      <section className="page" aria-labelledby="account-title">
        <h2 id="account-title">Account Information</h2>
        <dl className="facts facts-rows">
          <div>
            <dt>Email</dt>
            <dd>{me.email}</dd>
          </div>
          <div>
            <dt>Role</dt>
            <dd>{me.role ? me.role.toUpperCase() : 'User'}</dd>
          </div>
          <div>
            <dt>User ID</dt>
            <dd>{me.id ?? 'N/A'}</dd>
          </div>
          <div>
            <dt>Last Login</dt>
            <dd>{formatDateTime(me.last_login)}</dd>
          </div>
        </dl>
      </section>

      <EmailSettings
        email={me.email}
        verified={me.email_verified}
        pendingEmail={me.pending_email}
        lastResult={actionData?.intent === 'change-email' ? actionData.result : null}
      />

      <TimeZoneSettings
        zones={timeZones}
        chosen={me.time_zone}
        lastResult={actionData?.intent === 'set-time-zone' ? actionData.result : null}
      />

      <section className="page" aria-labelledby="organization-title">
        <h2 id="organization-title">Organization</h2>
        {organization ? (
          <dl className="facts facts-rows">
            <div>
              <dt>Name</dt>
              <dd>{organization.name}</dd>
            </div>
            <div>
              <dt>Slug</dt>
              <dd>{organization.slug}</dd>
            </div>
            <div>
              <dt>ID</dt>
              <dd>{organization.id}</dd>
            </div>
          </dl>
        ) : (
          <p>No organization assigned</p>
        )}
      </section>

      <section className="page">
        <details className="disclosure" open={Boolean(lastResult)}>
          <summary className="button">Change Password</summary>
          {me.auth_provider !== 'jwt' ? (
            <p className="alert alert-error" role="alert">
              {GOOGLE_REFUSAL}
            </p>
          ) : (
            <Form method="post" {...getFormProps(form)} className="form">
              <input type="hidden" name="intent" value="change-password" />
              <ErrorList id={form.errorId} errors={form.errors} />
              <Field
                label="Current password"
                inputProps={{
                  ...getInputProps(fields.old_password, { type: 'password' }),
                  autoComplete: 'current-password',
                }}
                errors={fields.old_password.errors}
              />
              <Field
                label="New password"
                inputProps={{
                  ...getInputProps(fields.new_password, { type: 'password' }),
                  autoComplete: 'new-password',
                }}
                errors={fields.new_password.errors}
                help="At least 8 characters. Your other sessions will be signed out."
              />
              <div className="form-actions">
                <button type="submit" className="button-primary" disabled={saving}>
                  {saving ? 'Saving...' : 'Save new password'}
                </button>
              </div>
            </Form>
          )}
        </details>
      </section>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
