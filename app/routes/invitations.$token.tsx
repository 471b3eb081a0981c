import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { z } from 'zod'

import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList, Field } from '~/components/forms'
import { Logo } from '~/components/logo'
import { parseForm } from '~/http/parse-form.server'
import { readForm } from '~/http/read-form.server'
import { unknownIntent } from '~/http/responses.server'
import { ApiError, assertApiError } from '~/services/api-fetch.server'
import { getMe } from '~/services/auth-api.server'
import { invitationsApi } from '~/services/invitations.server'
import { authEvent } from '~/session/flash.server'
import { getAuthSession } from '~/session/session.server'
import { createUserSession } from '~/session/user-session.server'
import loginStyles from '~/styles/login.css'
import { displayName } from '~/utils/format'
import { pageMeta } from '~/utils/meta'

import { answerInvitationLink } from './_app.organizations_.invitations.server'

export const meta: MetaFunction = () => pageMeta('Invitation | Exit Planner')

const name = (required: string) =>
  z.string({ required_error: required }).trim().min(1, required).max(150, 'Use 150 characters or fewer')

const NewAccountSchema = z.object({
  first_name: name('Enter your first name'),
  last_name: name('Enter your last name'),
  username: z
    .string({ required_error: 'Choose a username' })
    .trim()
    .regex(/^[\w.@+-]+$/, 'Use letters, digits and @ . + - _ only'),
  password: z.string({ required_error: 'Choose a password' }).min(8, 'The password must be at least 8 characters long'),
})

const ACCOUNT_FIELDS = ['first_name', 'last_name', 'username', 'password'] as const

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: loginStyles }]

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
  const form = await readForm(request)
  switch (form.get('intent')) {
    case 'accept':
      return answerAction(request, token, 'accept')
    case 'decline':
      return answerAction(request, token, 'decline')
    case 'create-account':
      return createAccountAction(request, token, form)
    default:
      throw unknownIntent()
  }
}

async function answerAction(request: Request, token: string, answer: 'accept' | 'decline') {
  if (!(await getAuthSession(request)))
    throw redirect(`/login?redirectTo=${encodeURIComponent(`/invitations/${token}`)}`)
  return answerInvitationLink(request, token, answer, '/organizations')
}

async function createAccountAction(request: Request, token: string, form: FormData) {
  const submission = parseForm(form, { schema: NewAccountSchema })
  if (submission.status !== 'success') return json(submission.reply({ hideFields: ['password'] }), { status: 400 })
  let answer
  try {
    answer = await invitationsApi(request).acceptWithNewAccount(token, submission.value)
  } catch (error) {
    assertApiError(error)
    const pick = (field: string) => (Array.isArray(error.body[field]) ? (error.body[field] as string[]) : [])
    return json(
      submission.reply({
        formErrors: [
          ...pick('non_field_errors'),
          ...(typeof error.body.detail === 'string' ? [error.body.detail] : []),
        ],
        fieldErrors: Object.fromEntries(ACCOUNT_FIELDS.map((field) => [field, pick(field)])),
        hideFields: ['password'],
      }),
      { status: 400 },
    )
  }
  return createUserSession(
    request,
    { access: answer.access, refresh: answer.refresh, user: answer.user },
    {
      redirectTo: '/dashboard',
      organizationSlug: answer.organization.slug,
      toast: { type: 'success', message: `You have joined ${answer.organization.name}` },
      authLog: [authEvent('Invitation', 'Account created from invitation', 'success')],
    },
  )
}

/** The sign-in card's frame (login.css): the invitation is where a new person first meets the product. */
function InvitationCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="login-page">
      <div className="login-card invitation-card">
        <div className="login-logo">
          <Logo size={40} />
        </div>
        <h1>{title}</h1>
        {children}
        <nav className="login-links" aria-label="Legal and help">
          <Link to="/terms">Terms of Service</Link>
          <Link to="/privacy">Privacy Policy</Link>
        </nav>
      </div>
    </main>
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
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewAccountSchema }),
  })
  if (!invitation) {
    return (
      <InvitationCard title="Invitation not found">
        <p>This invitation link is not valid. Ask the person who invited you to send a new one.</p>
        <p className="invitation-alternative">
          <Link to="/login">Back to sign in</Link>
        </p>
      </InvitationCard>
    )
  }
  const open = invitation.status === 'pending' && !invitation.is_expired
  const inviter = invitation.invited_by ? displayName(invitation.invited_by) : 'A colleague'
  const creating = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'create-account'
  return (
    <InvitationCard title={`Join ${invitation.organization.name}`}>
      <p className="invitation-summary">
        {inviter} invited <strong>{invitation.email}</strong> to join <strong>{invitation.organization.name}</strong> as{' '}
        {invitation.role_display}.
      </p>
      {invitation.organization.description ? (
        <p className="invitation-description">{invitation.organization.description}</p>
      ) : null}
      {!open ? (
        <>
          <p className="alert alert-error" role="alert">
            {invitation.is_expired && invitation.status === 'pending'
              ? 'This invitation has expired. Ask for a new one.'
              : `This invitation has already been ${invitation.status}.`}
          </p>
          {/* A link opened again, after its answer: the way on is into the product. */}
          <p className="invitation-alternative">
            {signedInAs ? <Link to="/dashboard">Go to your dashboard</Link> : <Link to="/login">Sign in</Link>}
          </p>
        </>
      ) : signedInAs ? (
        signedInAs.toLowerCase() === invitation.email.toLowerCase() ? (
          <Form method="post" className="invitation-answer">
            <button type="submit" name="intent" value="accept" className="button-primary button-block">
              Accept
            </button>
            <button type="submit" name="intent" value="decline" className="button-block">
              Decline
            </button>
          </Form>
        ) : (
          <div className="alert alert-error" role="alert">
            <p>
              You are signed in as {signedInAs}, but this invitation is for {invitation.email}. Sign out, then open the
              link again.
            </p>
          </div>
        )
      ) : invitation.account_exists ? (
        <p className="invitation-alternative">
          You already have an account.{' '}
          <Link
            to={`/login?redirectTo=${encodeURIComponent(location.pathname)}`}
            className="button button-primary button-block"
          >
            Sign in to accept
          </Link>
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)}>
          <h2>Create your account</h2>
          <p className="field-help">
            Your e-mail address will be <strong>{invitation.email}</strong>.
          </p>
          <ErrorList id={form.errorId} errors={form.errors} />
          <div className="name-fields">
            <Field
              label="First name"
              inputProps={{ ...getInputProps(fields.first_name, { type: 'text' }), autoComplete: 'given-name' }}
              errors={fields.first_name.errors}
            />
            <Field
              label="Last name"
              inputProps={{ ...getInputProps(fields.last_name, { type: 'text' }), autoComplete: 'family-name' }}
              errors={fields.last_name.errors}
            />
          </div>
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
          <button
            type="submit"
            name="intent"
            value="create-account"
            className="button-primary button-block"
            disabled={creating}
          >
            {creating ? 'Creating account...' : 'Create account and join'}
          </button>
        </Form>
      )}
    </InvitationCard>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary standalone />
}
