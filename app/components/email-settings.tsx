import { getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, useNavigation } from '@remix-run/react'
import { z } from 'zod'

import { ErrorList, Field } from './forms'

export const ChangeEmailSchema = z.object({
  email: z
    .string({ required_error: 'Email is required' })
    .trim()
    .max(254, 'Please enter a valid email address')
    .email('Please enter a valid email address'),
})

/**
 * The account's e-mail address: whether it is confirmed, the change waiting for its link, and the
 * form that asks for a new one. Nothing changes until the link mailed to the new address is followed.
 */
export function EmailSettings({
  email,
  verified,
  pendingEmail,
  lastResult,
}: {
  email: string
  verified: boolean
  pendingEmail: string | null
  lastResult?: SubmissionResult<string[]> | null
}) {
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'change-email',
    lastResult,
    constraint: getZodConstraint(ChangeEmailSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangeEmailSchema }),
  })
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent')?.toString().includes('email')
  return (
    <section className="page email-settings" aria-labelledby="email-title">
      <h2 id="email-title">E-mail address</h2>
      <p className="email-current">
        <strong>{email}</strong>{' '}
        <span className={verified ? 'badge badge-member' : 'badge badge-admin'}>
          {verified ? 'Confirmed' : 'Not confirmed'}
        </span>
      </p>
      {pendingEmail ? (
        <div className="notice">
          <p role="status">
            {pendingEmail === email ? (
              <>
                We sent a confirmation link to <strong>{pendingEmail}</strong>. Follow it to confirm your address.
              </>
            ) : (
              <>
                We sent a confirmation link to <strong>{pendingEmail}</strong>. Your address changes when you follow it.
              </>
            )}
          </p>
          <Form method="post" className="inline-actions">
            <input type="hidden" name="email" value={pendingEmail} />
            <button type="submit" name="intent" value="change-email" disabled={busy}>
              Send the link again
            </button>
            <button type="submit" name="intent" value="cancel-email-change" disabled={busy}>
              Cancel
            </button>
          </Form>
        </div>
      ) : !verified ? (
        <div className="notice">
          <p>
            Your address is not confirmed yet. Confirm it to see the invitations sent to it and to link a Google
            account.
          </p>
          <Form method="post">
            <input type="hidden" name="email" value={email} />
            <button type="submit" name="intent" value="change-email" disabled={busy}>
              Send confirmation link
            </button>
          </Form>
        </div>
      ) : null}
      <details className="disclosure" open={Boolean(lastResult)}>
        <summary className="button">Change e-mail address</summary>
        <Form method="post" {...getFormProps(form)} className="form">
          <ErrorList id={form.errorId} errors={form.errors} />
          <Field
            label="New e-mail address"
            inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
            errors={fields.email.errors}
            help="We send a confirmation link to the new address; your address changes when you follow it."
          />
          <div className="form-actions">
            <button type="submit" name="intent" value="change-email" className="button-primary" disabled={busy}>
              {busy ? 'Sending...' : 'Send confirmation link'}
            </button>
          </div>
        </Form>
      </details>
    </section>
  )
}
