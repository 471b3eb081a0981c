import { type FieldMetadata, getInputProps, getTextareaProps } from '@conform-to/react'
import { z } from 'zod'

import { Field, TextareaField } from './forms'

/** An organization's details, as created on /organizations and edited on /admin/organization. */
export const OrganizationSchema = z.object({
  name: z.string({ required_error: 'Organization name is required' }).trim().min(1, 'Organization name is required'),
  description: z.string().trim().optional(),
  website: z.string().trim().url('Please enter a valid URL, starting with http:// or https://').optional(),
})

type OrganizationFieldsMetadata = {
  [Name in keyof z.infer<typeof OrganizationSchema>]-?: FieldMetadata<z.infer<typeof OrganizationSchema>[Name]>
}

export function OrganizationFields({ fields }: { fields: OrganizationFieldsMetadata }) {
  return (
    <>
      <Field
        label="Organization Name"
        inputProps={getInputProps(fields.name, { type: 'text' })}
        errors={fields.name.errors}
      />
      <TextareaField
        label="Description"
        textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }}
        errors={fields.description.errors}
      />
      <Field
        label="Website"
        inputProps={{ ...getInputProps(fields.website, { type: 'url' }), placeholder: 'https://' }}
        errors={fields.website.errors}
      />
    </>
  )
}
