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

/**
 * An advisor links any document to an item by hand, when neither its title nor its tables say what
 * it is: on the list, one form with two lists; on an item's page, the list of documents.
 */
export function LinkDocumentForm({
  checklist,
  item,
  lastResult,
}: {
  checklist: {
    items: Array<Pick<ChecklistItem, 'key' | 'title' | 'not_applicable'>>
    documents: Checklist['documents']
  }
  /** The item whose page this is; without it the form asks which item. */
  item?: Pick<ChecklistItem, 'key'>
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const formId = item ? `link-${item.key}` : 'link-checklist-document'
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    defaultValue: { key: item?.key ?? '', document: '' },
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
      {item ? (
        <input type="hidden" {...itemField.props} defaultValue={itemField.value} />
      ) : (
        <SelectField label="Item" selectProps={selectProps(itemField)} errors={itemField.errors}>
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
        selectProps={selectProps(documentField)}
        errors={documentField.errors}
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
