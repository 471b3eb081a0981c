import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteLoaderData,
  useSearchParams,
} from '@remix-run/react'
import { useEffect } from 'react'
import { AuthorizationError } from 'remix-auth'
import { HoneypotInputs, HoneypotProvider } from 'remix-utils/honeypot/react'
import { z } from 'zod'

import { GeneralErrorBoundary } from '~/components/error-boundary'
import { Field } from '~/components/forms'
import { Logo } from '~/components/logo'
import { webEnv } from '~/http/env.server'
import { parseForm } from '~/http/parse-form.server'
import { readForm } from '~/http/read-form.server'
import type { loader as rootLoader } from '~/root'
import { getAuthenticator, googleConfigured } from '~/services/auth.server'
import { authEvent } from '~/session/flash.server'
import { checkHoneypot, honeypotInputProps } from '~/session/honeypot.server'
import { getAuthSession } from '~/session/session.server'
import { createUserSession } from '~/session/user-session.server'
import loginStyles from '~/styles/login.css'
import { logAuth } from '~/utils/auth-log'
import { pageMeta } from '~/utils/meta'
import { safeRedirect } from '~/utils/safe-redirect'

export const meta: MetaFunction = () =>
  pageMeta(
    'Sign In | Exit Planner',
    'Sign in to Exit Planner to plan the sale or hand-over of your business with your advisors.',
  )

const MISSING_CREDENTIALS = 'Please enter both username and password'
const LOGIN_ERROR_ID = 'login-error'

const LoginSchema = z
  .object({
    username: z.string().trim().optional(),
    password: z.string().optional(),
    redirectTo: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.username && value.password) return
    for (const field of ['username', 'password'] as const) {
      if (!value[field]) ctx.addIssue({ code: 'custom', path: [field], message: MISSING_CREDENTIALS })
    }
  })

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: loginStyles }]

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const redirectTo = safeRedirect(url.searchParams.get('redirectTo'))
  if (await getAuthSession(request)) throw redirect(redirectTo)
  return json({
    // No client id: the install has no Google sign-in, so the page offers none. An id without its
    // secret is a deployment half done, which the spec's message reports.
    google: googleConfigured() ? 'ready' : webEnv().GOOGLE_CLIENT_ID ? 'misconfigured' : 'off',
    supportEmail: webEnv().SUPPORT_EMAIL,
    // Only this public form needs it: signed-in pages skip the encryption (issue 12).
    honeypot: honeypotInputProps(),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  // remix-auth copies the request, so its body must stay unread: the form is read from a clone and
  // handed to the strategy through the context.
  const formData = await readForm(request.clone())
  checkHoneypot(formData)
  const submission = parseForm(formData, { schema: LoginSchema })
  if (submission.status !== 'success') {
    return json(submission.reply({ hideFields: ['password'] }), { status: 400 })
  }
  let auth
  try {
    auth = await getAuthenticator().authenticate('form', request, { throwOnError: true, context: { formData } })
  } catch (error) {
    if (error instanceof AuthorizationError) {
      return json(submission.reply({ formErrors: [error.message], hideFields: ['password'] }), { status: 400 })
    }
    throw error
  }
  return createUserSession(request, auth, {
    redirectTo: submission.value.redirectTo,
    authLog: [authEvent('LoginPage', 'Login successful', 'success', { user_id: auth.user.id, role: auth.user.role })],
  })
}

export default function LoginPage() {
  const { google, supportEmail, honeypot } = useLoaderData<typeof loader>()
  const rootData = useRouteLoaderData<typeof rootLoader>('root')
  const lastResult = useActionData<typeof action>()
  const navigation = useNavigation()
  const [searchParams] = useSearchParams()
  const redirectTo = searchParams.get('redirectTo') ?? ''
  const [form, fields] = useForm({
    id: 'login-form',
    lastResult,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
  })
  const signingIn = navigation.state !== 'idle' && navigation.formAction?.startsWith('/login')
  const error =
    form.errors?.[0] ?? fields.username.errors?.[0] ?? fields.password.errors?.[0] ?? rootData?.loginError ?? null

  useEffect(() => {
    if (error) logAuth('LoginPage', error, 'error')
  }, [error])

  return (
    <main id="main" className="login-page">
      <div className="login-card">
        <div className="login-logo">
          <Logo size={40} />
        </div>
        {error ? (
          <div className="alert alert-error" role="alert" id={LOGIN_ERROR_ID}>
            <p>{error}</p>
          </div>
        ) : null}
        <details className="login-help" id="login-help" open={searchParams.has('help')}>
          <summary>Need help?</summary>
          <div className="login-help-panel">
            <p>Common issues:</p>
            <ul>
              <li>Check your username (or e-mail) and password; passwords are case-sensitive.</li>
              <li>Google login only works with a Google account authorised for your organization.</li>
              <li>Clear your browser cache and cookies, then try again.</li>
              <li>Make sure your network connection is working.</li>
            </ul>
            <p>
              Still stuck? Contact support at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
            </p>
          </div>
        </details>

        <h1>Sign In</h1>
        <Form
          method="post"
          {...getFormProps(form)}
          onSubmit={(event) => {
            logAuth('LoginPage', 'Login attempt', 'info', { username: fields.username.value ?? null })
            form.onSubmit(event)
          }}
        >
          <HoneypotProvider {...honeypot}>
            <HoneypotInputs />
          </HoneypotProvider>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {/* One banner above the form carries every sign-in error (spec §2), so the fields point at it. */}
          <Field
            label="Username or Email"
            inputProps={{
              ...getInputProps(fields.username, { type: 'text' }),
              autoComplete: 'username',
              'aria-required': true,
            }}
            errors={fields.username.errors}
            errorId={LOGIN_ERROR_ID}
          />
          <Field
            label="Password"
            inputProps={{
              ...getInputProps(fields.password, { type: 'password' }),
              autoComplete: 'current-password',
              'aria-required': true,
            }}
            errors={fields.password.errors}
            errorId={LOGIN_ERROR_ID}
          />
          <button type="submit" className="button button-primary button-block" disabled={signingIn}>
            {signingIn ? 'Signing In...' : 'Sign In'}
          </button>
        </Form>

        {google === 'off' ? null : (
          <>
            <div className="divider" role="separator">
              <span>OR</span>
            </div>

            <div className="google-area">
              {google === 'ready' ? (
                <Form
                  method="post"
                  action="/auth/google"
                  onSubmit={() => logAuth('GoogleLogin', 'Google sign-in started')}
                >
                  <button type="submit" className="button button-google">
                    Sign in with Google
                  </button>
                </Form>
              ) : (
                <p className="google-unavailable">Google login is not properly configured. Please contact support.</p>
              )}
            </div>
          </>
        )}

        <nav className="login-links" aria-label="Legal and help">
          <Link to="/terms">Terms of Service</Link>
          <Link to="/privacy">Privacy Policy</Link>
          <Link to="/login?help=1#login-help" reloadDocument>
            Having trouble signing in?
          </Link>
        </nav>
      </div>
    </main>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary standalone />
}
