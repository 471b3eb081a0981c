import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { z } from 'zod'
import { ErrorList, Field } from '~/components/forms'
import { PublicPage } from '~/components/public-page'
import { ApiError } from '~/services/api-fetch.server'
import { authEvent, redirectWithToast } from '~/services/flash.server'
import { getMe } from '~/services/auth-api.server'
import { answerInvitationLink } from '~/services/invitation-actions.server'
import { invitationsApi } from '~/services/invitations.server'
import { AUTH_KEY, ORGANIZATION_KEY, commitSession, getAuthSession, getSession } from '~/services/session.server'
import { displayName } from '~/utils/format'

const NewAccountSchema = z.object({
  username: z
    .string({ required_error: 'Choose a username' })
    .trim()
    .regex(/^[\w.@+-]+$/, 'Use letters, digits and @ . + - _ only'),
  password: z.string({ required_error: 'Choose a password' }).min(8, 'The password must be at least 8 characters long'),
})

export const meta: MetaFunction = () => [{ title: 'Invitation | Exit Planner' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = params.token ?? ''
  // The address the account has now, not the one it had when this browser signed in.
  const signedInAs = (await getAuthSession(request)) ? (await getMe(request)).email : null
  try {
    const invitation = await invitationsApi(request).preview(token)
    return json({ invitation, signedInAs })
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return json({ invitation: null, signedInAs })
    throw error
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const token = params.token ?? ''
  const form = await request.formData()
  const intent = form.get('intent')
  if (intent === 'accept' || intent === 'decline') {
    if (!(await getAuthSession(request))) throw redirect(`/login?redirectTo=${encodeURIComponent(`/invitations/${token}`)}`)
    return answerInvitationLink(request, token, intent, '/organizations')
  }
  const submission = parseWithZod(form, { schema: NewAccountSchema })
  if (submission.status !== 'success') return json(submission.reply({ hideFields: ['password'] }), { status: 400 })
  let answer
  try {
    answer = await invitationsApi(request).acceptWithNewAccount(token, submission.value)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const pick = (field: string) => (Array.isArray(error.body[field]) ? (error.body[field] as string[]) : [])
    return json(
      submission.reply({
        formErrors: [...pick('non_field_errors'), ...(typeof error.body.detail === 'string' ? [error.body.detail] : [])],
        fieldErrors: { username: pick('username'), password: pick('password') },
        hideFields: ['password'],
      }),
      { status: 400 },
    )
  }
  const session = await getSession(request)
  session.set(AUTH_KEY, { access: answer.access, refresh: answer.refresh, user: answer.user })
  session.set(ORGANIZATION_KEY, answer.organization.slug)
  return redirectWithToast(
    request,
    '/dashboard',
    { type: 'success', message: `You have joined ${answer.organization.name}` },
    {
      headers: { 'Set-Cookie': await commitSession(session) },
      authLog: [authEvent('Invitation', 'Account created from invitation', 'success')],
    },
  )
}

export default function InvitationLink() {
  const { invitation, signedInAs } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const navigation = useNavigation()
  const location = useLocation()
  const [form, fields] = useForm({
    id: 'new-account',
    lastResult,
    constraint: getZodConstraint(NewAccountSchema),
    shouldValidate: 'onBlur',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewAccountSchema }),
  })
  if (!invitation) {
    return (
      <PublicPage title="Invitation not found">
        <p>This invitation link is not valid. Ask the person who invited you to send a new one.</p>
      </PublicPage>
    )
  }
  const open = invitation.status === 'pending' && !invitation.is_expired
  const inviter = invitation.invited_by ? displayName(invitation.invited_by) : 'A colleague'
  return (
    <PublicPage title={`Join ${invitation.organization.name}`}>
      <p>
        {inviter} invited <strong>{invitation.email}</strong> to join <strong>{invitation.organization.name}</strong> as{' '}
        {invitation.role_display}.
      </p>
      {invitation.organization.description ? <p>{invitation.organization.description}</p> : null}
      {!open ? (
        <p className="alert alert-error" role="alert">
          {invitation.is_expired && invitation.status === 'pending'
            ? 'This invitation has expired. Ask for a new one.'
            : `This invitation has already been ${invitation.status}.`}
        </p>
      ) : signedInAs ? (
        signedInAs.toLowerCase() === invitation.email.toLowerCase() ? (
          <Form method="post" className="inline-actions">
            <button type="submit" name="intent" value="accept" className="button-primary">
              Accept
            </button>
            <button type="submit" name="intent" value="decline">
              Decline
            </button>
          </Form>
        ) : (
          <div className="alert alert-error" role="alert">
            <p>
              You are signed in as {signedInAs}, but this invitation is for {invitation.email}. Sign out, then open the link
              again.
            </p>
          </div>
        )
      ) : invitation.account_exists ? (
        <p>
          You already have an account.{' '}
          <Link to={`/login?redirectTo=${encodeURIComponent(location.pathname)}`} className="button button-primary">
            Sign in to accept
          </Link>
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="form">
          <h2>Create your account</h2>
          <p>
            Your e-mail address will be <strong>{invitation.email}</strong>.
          </p>
          <ErrorList id={form.errorId} errors={form.errors} />
          <Field
            label="Username"
            inputProps={{ ...getInputProps(fields.username, { type: 'text' }), autoComplete: 'username' }}
            errors={fields.username.errors}
          />
          <Field
            label="Password"
            inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'new-password' }}
            errors={fields.password.errors}
            help="At least 8 characters."
          />
          <button type="submit" name="intent" value="create-account" className="button-primary" disabled={navigation.state !== 'idle'}>
            Create account and join
          </button>
        </Form>
      )}
    </PublicPage>
  )
}
