import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, Link, useActionData } from '@remix-run/react'

import type { OrganizationPayload as Organization } from '#api/organizations/contract'

import { ErrorList } from './forms'
import { OrganizationFields, OrganizationSchema } from './organization-fields'

/** Edit the organization's details, or delete it after a confirm step (`?delete`). */
export function OrganizationSettings({
  organization,
  confirmDelete,
}: {
  organization: Organization
  confirmDelete: boolean
}) {
  const lastResult = useActionData<{ status?: string }>()
  const [form, fields] = useForm({
    id: 'organization-settings',
    lastResult: lastResult && 'initialValue' in lastResult ? (lastResult as never) : undefined,
    constraint: getZodConstraint(OrganizationSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    defaultValue: { name: organization.name, description: organization.description, website: organization.website },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: OrganizationSchema }),
  })
  return (
    <section className="page" aria-labelledby="settings-title">
      <h2 id="settings-title">Organization Settings</h2>
      {/* /admin shows this page too, as an index route: posting there would leave `?index` in the
          address after an error without JavaScript. */}
      <Form method="post" action="/admin/organization" {...getFormProps(form)} className="form">
        <ErrorList id={form.errorId} errors={form.errors} />
        <OrganizationFields fields={fields} />
        <div className="form-actions">
          <button type="submit" name="intent" value="update-organization" className="button-primary">
            Save changes
          </button>
        </div>
      </Form>
      <h3>Delete organization</h3>
      {confirmDelete ? (
        <Form method="post" className="inline-actions confirm">
          <span>Delete {organization.name} with all its members' access and documents? This cannot be undone.</span>
          <button type="submit" name="intent" value="delete-organization" className="button-danger" autoFocus>
            Delete permanently
          </button>
          <Link to="?" className="button">
            Cancel
          </Link>
        </Form>
      ) : (
        <p>
          <Link to="?delete" className="button">
            Delete organization
          </Link>
        </p>
      )}
    </section>
  )
}
