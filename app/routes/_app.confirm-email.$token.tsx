import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'

import { GeneralErrorBoundary } from '~/components/error-boundary'
import { readForm } from '~/http/read-form.server'
import { ApiError } from '~/services/api-fetch.server'
import { currentUser } from '~/services/auth.server'
import { confirmEmail } from '~/services/auth-api.server'
import { redirectWithToast } from '~/session/flash.server'
import { pageMeta } from '~/utils/meta'

export const meta: MetaFunction = () => pageMeta('Confirm e-mail address | Exit Planner')

const INVALID_LINK = 'This confirmation link is not valid or has expired.'

// The link only shows what it would do; the change is a POST, so a mail scanner that opens links
// changes nothing, and the signed-in session (the _app layout asks for one) proves the account.
export async function loader({ request }: LoaderFunctionArgs) {
  const me = await currentUser(request)
  return json({ username: me.username, email: me.email, pendingEmail: me.pending_email })
}

export async function action({ request, params }: ActionFunctionArgs) {
  // The page's Confirm button has no fields; any other body is refused as on every page.
  await readForm(request)
  let me
  try {
    me = await confirmEmail(request, params.token ?? '')
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400) throw error
    const email = error.body.email
    return json(
      { error: Array.isArray(email) && typeof email[0] === 'string' ? email[0] : INVALID_LINK },
      { status: 400 },
    )
  }
  return redirectWithToast(request, '/profile', { type: 'success', message: `Your e-mail address is now ${me.email}.` })
}

export default function ConfirmEmail() {
  const { username, email, pendingEmail } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  return (
    <div className="page">
      <h1>Confirm your e-mail address</h1>
      {actionData?.error ? (
        <p className="alert alert-error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      {pendingEmail ? (
        <>
          <p>
            {pendingEmail === email ? (
              <>
                Confirm that <strong>{pendingEmail}</strong> is the e-mail address of your account{' '}
                <strong>{username}</strong>.
              </>
            ) : (
              <>
                Use <strong>{pendingEmail}</strong> instead of {email} as the e-mail address of your account{' '}
                <strong>{username}</strong>.
              </>
            )}
          </p>
          <Form method="post" className="inline-actions">
            <button type="submit" className="button-primary" disabled={navigation.state !== 'idle'}>
              {navigation.state === 'submitting' ? 'Confirming...' : 'Confirm e-mail address'}
            </button>
            <Link to="/profile" className="button">
              Cancel
            </Link>
          </Form>
        </>
      ) : (
        <p>
          {INVALID_LINK} <Link to="/profile">Go to your profile</Link> to ask for a new one.
        </p>
      )}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
