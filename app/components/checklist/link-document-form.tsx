import { type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'

import type {
  ChecklistItemPayload as ChecklistItem,
  ChecklistPayload as Checklist,
} from '#api/readiness/checklist/contract'
import { ErrorList, formControls, SelectField, selectProps } from '~/components/forms'

import { LinkDocumentSchema } from './schemas'

const CONSTRAINT = getZodConstraint(LinkDocumentSchema)

/** An advisor links any document to an item by hand, when neither its title nor its tables say what it is. */
export function LinkDocumentForm({
  item,
  documents,
  lastResult,
}: {
  item: Pick<ChecklistItem, 'key'>
  documents: Checklist['documents']
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const formId = `link-${item.key}`
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    defaultValue: { key: item.key, document: '' },
    constraint: CONSTRAINT,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LinkDocumentSchema }),
  })
  const controls = formControls(formId, form, fields, CONSTRAINT)
  const [itemField, documentField] = [controls.field('key'), controls.field('document')]
  return (
    <Form method="post" {...controls.props} className="form checklist-form">
      <input type="hidden" name="intent" value="link" />
      <ErrorList id={controls.errorId} errors={controls.errors} />
      <input type="hidden" {...itemField.props} defaultValue={itemField.value} />
      <SelectField
        label="Document"
        selectProps={selectProps(documentField)}
        errors={documentField.errors}
        help="The document then answers the item, as a confirmed match does."
      >
        <option value="">Choose a document</option>
        {documents.map((document) => (
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
