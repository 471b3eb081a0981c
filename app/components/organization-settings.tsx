import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, Link, useActionData } from '@remix-run/react'
import { z } from 'zod'
import type { Organization } from '~/services/organizations.server'
import { ErrorList, Field } from './forms'

export const OrganizationSettingsSchema = z.object({
  name: z.string({ required_error: 'Organization name is required' }).trim().min(1, 'Organization name is required'),
  description: z.string().trim().optional(),
  website: z.string().trim().url('Please enter a valid URL, starting with http:// or https://').optional(),
})

/** Edit the organization's details, or delete it after a confirm step (`?delete`). */
export function OrganizationSettings({ organization, confirmDelete }: { organization: Organization; confirmDelete: boolean }) {
  const lastResult = useActionData<{ status?: string }>()
  const [form, fields] = useForm({
    id: 'organization-settings',
    lastResult: lastResult && 'initialValue' in lastResult ? (lastResult as never) : undefined,
    constraint: getZodConstraint(OrganizationSettingsSchema),
    shouldValidate: 'onBlur',
    defaultValue: { name: organization.name, description: organization.description, website: organization.website },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: OrganizationSettingsSchema }),
  })
  return (
    <section className="page" aria-labelledby="settings-title">
      <h2 id="settings-title">Organization Settings</h2>
      <Form method="post" {...getFormProps(form)} className="form">
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field label="Organization Name" inputProps={getInputProps(fields.name, { type: 'text' })} errors={fields.name.errors} />
        <div className="field">
          <label htmlFor={fields.description.id}>Description</label>
          <textarea {...getTextareaProps(fields.description)} rows={3} />
        </div>
        <Field label="Website" inputProps={getInputProps(fields.website, { type: 'url' })} errors={fields.website.errors} />
        <div className="form-actions">
          <button type="submit" name="intent" value="update-organization" className="button-primary">
            Save changes
          </button>
        </div>
      </Form>
      <h3>Delete organization</h3>
      {confirmDelete ? (
        <Form method="post" className="inline-actions confirm">
          <span>
            Delete {organization.name} with all its members' access and documents? This cannot be undone.
          </span>
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
