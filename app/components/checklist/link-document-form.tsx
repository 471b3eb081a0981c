import { getFormProps, getSelectProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'

import { ErrorList, SelectField } from '~/components/forms'
import type { Checklist } from '~/services/checklist.server'

import { LinkDocumentSchema } from './schemas'

/**
 * An advisor links any document to any item by hand, when neither its title nor its tables say what
 * it is: one form with two lists, not a list of every document under each of forty items.
 */
export function LinkDocumentForm({
  checklist,
  lastResult,
}: {
  checklist: Pick<Checklist, 'items' | 'documents'>
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const [form, fields] = useForm({
    id: 'link-checklist-document',
    lastResult,
    defaultValue: { key: '', document: '' },
    constraint: getZodConstraint(LinkDocumentSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LinkDocumentSchema }),
  })
  if (checklist.documents.length === 0) return null
  return (
    <section aria-labelledby="link-document-heading" className="checklist-add card">
      <h3 id="link-document-heading">Link a document to an item</h3>
      <Form method="post" {...getFormProps(form)} className="form checklist-form">
        <input type="hidden" name="intent" value="link" />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SelectField label="Item" selectProps={getSelectProps(fields.key)} errors={fields.key.errors}>
          <option value="">Choose an item</option>
          {checklist.items
            .filter((item) => !item.not_applicable)
            .map((item) => (
              <option key={item.key} value={item.key}>
                {item.title}
              </option>
            ))}
        </SelectField>
        <SelectField
          label="Document"
          selectProps={getSelectProps(fields.document)}
          errors={fields.document.errors}
          help="The document then answers the item, as a confirmed match does."
        >
          <option value="">Choose a document</option>
          {checklist.documents.map((document) => (
            <option key={document.id} value={document.id}>
              {document.title}
            </option>
          ))}
        </SelectField>
        <button type="submit" className="button-primary">
          Link the document
        </button>
      </Form>
    </section>
  )
}
