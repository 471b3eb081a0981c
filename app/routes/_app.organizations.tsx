import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'

import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList } from '~/components/forms'
import { InvitationActions } from '~/components/invitation-actions'
import { OrgAvatar } from '~/components/org-avatar'
import { OrganizationFields, OrganizationSchema } from '~/components/organization-fields'
import { UnconfirmedEmailNotice } from '~/components/unconfirmed-email-notice'
import { parseForm } from '~/http/parse-form.server'
import { readForm } from '~/http/read-form.server'
import { notFound, unknownIntent } from '~/http/responses.server'
import { ApiError, assertApiError } from '~/services/api-fetch.server'
import { currentUser } from '~/services/auth.server'
import { chooseOrganization } from '~/services/auth-api.server'
import { invitationsApi } from '~/services/invitations.server'
import { organizationsApi } from '~/services/organizations.server'
import { redirectWithToast } from '~/session/flash.server'
import { selectOrganization } from '~/session/session.server'
import { plural } from '~/utils/format'
import { pageMeta } from '~/utils/meta'
import { switchLanding } from '~/utils/switch-landing'

import { answerInvitation } from './_app.organizations_.invitations.server'

export const meta: MetaFunction = () => pageMeta('Organizations | Exit Planner')

export async function loader({ request }: LoaderFunctionArgs) {
  // Started with the caller, which the first of them brings (decision 079).
  const [me, organizations, invitations] = await Promise.all([
    currentUser(request),
    organizationsApi(request)
      .mine()
      .catch((error) => (error instanceof ApiError ? null : Promise.reject(error))),
    invitationsApi(request)
      .mine()
      .catch((error) => (error instanceof ApiError ? null : Promise.reject(error))),
  ])
  return json({
    firstName: me.first_name || me.username,
    unconfirmedEmail: me.email_verified ? null : me.email,
    currentSlug: me.organization?.slug ?? null,
    organizations,
    invitations,
    createOpen: new URL(request.url).searchParams.has('create'),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request)
  switch (form.get('intent')) {
    case 'select':
      return selectOrganizationAction(request, form)
    case 'create':
      return createOrganizationAction(request, form)
    case 'accept':
    case 'decline':
      return answerInvitation(request, form, '/organizations')
    default:
      throw unknownIntent()
  }
}

async function selectOrganizationAction(request: Request, form: FormData) {
  const redirectTo = String(form.get('redirectTo') ?? '')
  try {
    const me = await chooseOrganization(request, String(form.get('slug') ?? ''))
    return redirectWithToast(
      request,
      switchLanding(redirectTo, me.role),
      { type: 'success', message: `Now working in ${me.organization!.name}` },
      { headers: { 'Set-Cookie': await selectOrganization(request, me.organization!.slug) } },
    )
  } catch (error) {
    assertApiError(error)
    throw notFound()
  }
}

async function createOrganizationAction(request: Request, form: FormData) {
  const submission = parseForm(form, { schema: OrganizationSchema })
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  let organization: { name: string; slug: string }
  try {
    organization = await organizationsApi(request).create(submission.value)
  } catch (error) {
    assertApiError(error)
    // Past the allowance of organizations a day: the backend's words say when another can be made.
    if (error.status === 429) {
      const retryAfter = error.headers.get('Retry-After')
      return json(submission.reply({ formErrors: [error.message] }), {
        status: 429,
        headers: retryAfter ? { 'Retry-After': retryAfter } : {},
      })
    }
    const fieldErrors = Object.fromEntries(
      Object.entries(error.body).filter(
        ([key, value]) => ['name', 'description', 'website'].includes(key) && Array.isArray(value),
      ),
    ) as Record<string, string[]>
    return json(submission.reply({ formErrors: ['Failed to create organization'], fieldErrors }), { status: 400 })
  }
  // The new organization is the one chosen, for the next sign-in too; this session holds it either way.
  await chooseOrganization(request, organization.slug).catch(assertApiError)
  return redirectWithToast(
    request,
    '/dashboard',
    { type: 'success', message: `Organization ${organization.name} created` },
    { headers: { 'Set-Cookie': await selectOrganization(request, organization.slug) } },
  )
}

export default function Organizations() {
  const { firstName, currentSlug, organizations, invitations, createOpen, unconfirmedEmail } =
    useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'create-organization',
    lastResult,
    constraint: getZodConstraint(OrganizationSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: OrganizationSchema }),
  })
  const creating = navigation.formData?.get('intent') === 'create'
  return (
    <div className="stack">
      <div className="page">
        <h1>Welcome, {firstName}!</h1>
        <p>Choose the organization to work in, answer your invitations, or create a new organization.</p>
      </div>

      <section className="page" aria-labelledby="organizations-title">
        <h2 id="organizations-title">Your Organizations</h2>
        {organizations === null ? (
          <p className="alert alert-error" role="alert">
            Failed to load your organizations. Please try again later.
          </p>
        ) : organizations.length === 0 ? (
          <p>You don't belong to any organization yet.</p>
        ) : (
          <ul className="org-cards">
            {organizations.map((organization) => (
              <li key={organization.id}>
                <Form method="post">
                  <input type="hidden" name="slug" value={organization.slug} />
                  <button
                    type="submit"
                    name="intent"
                    value="select"
                    className={`org-card${organization.slug === currentSlug ? ' org-card-current' : ''}`}
                    aria-current={organization.slug === currentSlug ? 'true' : undefined}
                  >
                    <OrgAvatar name={organization.name} logo={organization.logo} size={40} />
                    <span className="org-card-body">
                      <span className="org-name">{organization.name}</span>
                      {organization.description ? (
                        <span className="org-description">{organization.description}</span>
                      ) : null}
                      <span className="org-meta">
                        {plural(organization.members_count, 'member')}
                        {organization.role_display ? ` · ${organization.role_display}` : ''}
                        {organization.slug === currentSlug ? ' · Current' : ''}
                      </span>
                    </span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="page" aria-labelledby="pending-title">
        <h2 id="pending-title">Pending Invitations</h2>
        {unconfirmedEmail ? <UnconfirmedEmailNotice email={unconfirmedEmail} /> : null}
        {invitations === null ? (
          <p className="alert alert-error" role="alert">
            Failed to load pending invitations. Please try again later.
          </p>
        ) : invitations.length === 0 ? (
          <p>No pending invitations.</p>
        ) : (
          <ul className="invitation-list">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="invitation-item">
                <div>
                  <p className="org-name">{invitation.organization.name}</p>
                  <p className="muted">
                    Invited by{' '}
                    {invitation.invited_by
                      ? invitation.invited_by.first_name ||
                        invitation.invited_by.username ||
                        invitation.invited_by.email
                      : 'a former member'}{' '}
                    as {invitation.role_display}
                  </p>
                </div>
                <InvitationActions invitationId={invitation.id} organizationName={invitation.organization.name} />
              </li>
            ))}
          </ul>
        )}
        <p>
          <Link to="/organizations/invitations">See invitation details</Link>
        </p>
      </section>

      <section className="page">
        <details className="disclosure" open={createOpen || Boolean(lastResult)}>
          <summary className="button">Create New Organization</summary>
          <Form method="post" {...getFormProps(form)} className="form">
            <ErrorList id={form.errorId} errors={form.errors} />
            <OrganizationFields fields={fields} />
            <div className="form-actions">
              <Link to="/organizations" className="button" reloadDocument>
                Cancel
              </Link>
              <button type="submit" name="intent" value="create" className="button-primary" disabled={creating}>
                {creating ? 'Creating...' : 'Create Organization'}
              </button>
            </div>
          </Form>
        </details>
      </section>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
