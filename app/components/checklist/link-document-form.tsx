import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'

import type {
  ChecklistItemPayload as ChecklistItem,
  ChecklistPayload as Checklist,
} from '#api/readiness/checklist/contract'
import { ErrorList, SelectField } from '~/components/forms'

import { LinkDocumentSchema } from './schemas'

/**
 * An advisor links any document to an item by hand, when neither its title nor its tables say what
 * it is: on the list, one form with two lists; on an item's page, the list of documents.
 */
export function LinkDocumentForm({
  checklist,
  item,
  lastResult,
}: {
  checklist: Pick<Checklist, 'items' | 'documents'>
  /** The item whose page this is; without it the form asks which item. */
  item?: ChecklistItem
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const [form, fields] = useForm({
    id: item ? `link-${item.key}` : 'link-checklist-document',
    lastResult,
    defaultValue: { key: item?.key ?? '', document: '' },
    constraint: getZodConstraint(LinkDocumentSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LinkDocumentSchema }),
  })
  return (
    <Form method="post" {...getFormProps(form)} className="form checklist-form">
      <input type="hidden" name="intent" value="link" />
      <ErrorList id={form.errorId} errors={form.errors} />
      {item ? (
        <input {...getInputProps(fields.key, { type: 'hidden' })} />
      ) : (
        <SelectField label="Item" selectProps={getSelectProps(fields.key)} errors={fields.key.errors}>
          <option value="">Choose an item</option>
          {checklist.items
            .filter((other) => !other.not_applicable)
            .map((other) => (
              <option key={other.key} value={other.key}>
                {other.title}
              </option>
            ))}
        </SelectField>
      )}
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
  )
}
