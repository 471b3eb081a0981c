import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { z } from 'zod'

import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList, Field, SelectField } from '~/components/forms'
import { parseForm } from '~/http/parse-form.server'
import { readForm } from '~/http/read-form.server'
import { assertApiError } from '~/services/api-fetch.server'
import { requireAdmin } from '~/services/auth.server'
import { organizationsApi } from '~/services/organizations.server'
import { redirectWithToast } from '~/session/flash.server'
import { pageMeta } from '~/utils/meta'

export const meta: MetaFunction = () => pageMeta('Invite Members | Exit Planner')

const ROLE_CHOICES = [
  {
    value: 'member',
    label: 'Member',
    description: 'Views and searches documents, chats with the assistant and uses the basic features.',
  },
  {
    value: 'admin',
    label: 'Administrator',
    description: 'Full control of the organization, its members and its settings.',
  },
  {
    value: 'analyst',
    label: 'Analyst',
    description: 'Member rights plus uploading, analysing and reporting on documents.',
  },
] as const

const InviteSchema = z.object({
  email: z
    .string({ required_error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address'),
  role: z.enum(['member', 'admin', 'analyst']).default('member'),
})

export async function loader({ request }: LoaderFunctionArgs) {
  const me = await requireAdmin(request)
  return json({ organizationName: me.organization?.name ?? null })
}

export async function action({ request }: ActionFunctionArgs) {
  const me = await requireAdmin(request)
  const submission = parseForm(await readForm(request), { schema: InviteSchema })
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  if (!me.organization)
    return json(submission.reply({ formErrors: ['Select an organization first.'] }), { status: 400 })
  try {
    await organizationsApi(request).invite(me.organization.slug, submission.value)
  } catch (error) {
    assertApiError(error)
    const email = Array.isArray(error.body.email) ? (error.body.email as string[]) : undefined
    return json(
      submission.reply(
        email ? { fieldErrors: { email } } : { formErrors: ['Failed to send invitation. Please try again.'] },
      ),
      { status: 400 },
    )
  }
  return redirectWithToast(request, '/admin/organization/invite', {
    type: 'success',
    message: `Invitation sent to ${submission.value.email}`,
  })
}

export default function InviteMembers() {
  const { organizationName } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const navigation = useNavigation()
  const location = useLocation()
  const [form, fields] = useForm({
    id: 'invite-form',
    lastResult,
    constraint: getZodConstraint(InviteSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    defaultValue: { role: 'member' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: InviteSchema }),
  })
  // A successful send redirects here: the new location remounts the form (e-mail cleared, role back to
  // member). A refused one answers with errors and keeps the form, so what was typed stays.
  const [formKey, setFormKey] = useState(location.key)
  if (!lastResult && location.key !== formKey) setFormKey(location.key)
  const sending = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const role = ROLE_CHOICES.find((choice) => choice.value === (fields.role.value ?? 'member')) ?? ROLE_CHOICES[0]
  return (
    <div className="two-column">
      <div className="page">
        <h1>Invite Members</h1>
        {organizationName ? <p>Invite someone to join {organizationName}.</p> : null}
        <Form method="post" {...getFormProps(form)} className="form" key={formKey}>
          <ErrorList id={form.errorId} errors={form.errors} />
          <Field
            label="Email address"
            inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'off' }}
            errors={fields.email.errors}
          />
          <SelectField
            label="Role"
            selectProps={getSelectProps(fields.role)}
            errors={fields.role.errors}
            help={role.description}
          >
            {ROLE_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </SelectField>
          <div className="form-actions">
            <Link to="/admin/organization" className="button">
              Cancel
            </Link>
            <button type="submit" className="button-primary" disabled={sending}>
              {sending ? 'Sending Invitation...' : 'Send Invitation'}
            </button>
          </div>
        </Form>
      </div>
      <aside className="card info-card" aria-labelledby="roles-title">
        <h2 id="roles-title">About roles</h2>
        <dl>
          {ROLE_CHOICES.map((choice) => (
            <div key={choice.value}>
              <dt>{choice.label}</dt>
              <dd>{choice.description}</dd>
            </div>
          ))}
        </dl>
        <p>
          Invitees receive an e-mail with a link to accept. Anyone without an account creates one from that link before
          joining.
        </p>
      </aside>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
