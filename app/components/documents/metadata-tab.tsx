import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Link } from '@remix-run/react'
import { useState } from 'react'

import { MAX_TAG_LENGTH, tagTooLong } from '#shared/categories'
import { Field, SelectField, TextareaField } from '~/components/forms'
import { useDates } from '~/components/use-dates'
import type { DocumentDetailData } from '~/utils/document-detail'
import { formatSize, SAMPLE_CATEGORIES, STATUS_LABELS } from '~/utils/documents'

import { MetadataSchema } from './metadata-schema'
import { PanelForm, usePanel } from './panel-context'

/** Title, facts, the category manager and tags; saved for real (the spec's prototype kept them local). */
export function MetadataTab({ data }: { data: DocumentDetailData }) {
  const { formatDateTime } = useDates()
  const { document, canEdit, categories, related } = data
  const { actionResult } = usePanel()
  const [newTag, setNewTag] = useState('')
  // Checked before it is sent when JavaScript runs (the field keeps what was typed); the server says the same without it.
  const [tagError, setTagError] = useState<string | null>(null)
  const tagErrors = tagError ? [tagError] : actionResult?.errors?.tag
  const [form, fields] = useForm({
    id: `metadata-${document.id}`,
    lastResult: actionResult?.reply ?? undefined,
    constraint: getZodConstraint(MetadataSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    defaultValue: { title: document.title, category: document.category, description: document.description },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: MetadataSchema }),
  })
  const choices = [...new Set([document.category, ...categories, ...SAMPLE_CATEGORIES].filter(Boolean))]
  return (
    <div className="metadata">
      <dl className="facts">
        <div>
          <dt>File type</dt>
          <dd>{document.file_type.toUpperCase()}</dd>
        </div>
        <div>
          <dt>Size</dt>
          <dd>{formatSize(document.file_size)}</dd>
        </div>
        <div>
          <dt>Category</dt>
          <dd>{document.category || 'None'}</dd>
        </div>
        <div>
          <dt>Uploaded</dt>
          <dd>{formatDateTime(document.created_at)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{STATUS_LABELS[document.processing_status]}</dd>
        </div>
      </dl>

      {canEdit ? (
        <PanelForm tab="metadata" {...getFormProps(form)} className="form" key={document.updated_at}>
          <h2>Details</h2>
          <Field
            label="Title"
            inputProps={getInputProps(fields.title, { type: 'text' })}
            errors={fields.title.errors}
          />
          <SelectField label="Category" selectProps={getSelectProps(fields.category)} errors={fields.category.errors}>
            <option value="">No category</option>
            {choices.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </SelectField>
          <Field
            label="New category"
            inputProps={getInputProps(fields.new_category, { type: 'text' })}
            errors={fields.new_category.errors}
            help="Fill in to create a category; it replaces the one selected above."
          />
          <TextareaField
            label="Description"
            textareaProps={{ ...getTextareaProps(fields.description), rows: 4 }}
            errors={fields.description.errors}
            help="What the document is and why it matters; search finds documents by it."
          />
          <button type="submit" name="intent" value="save-metadata" className="button-primary">
            Save details
          </button>
        </PanelForm>
      ) : null}

      <h2>Tags</h2>
      {document.tags.length ? (
        <ul className="tag-list">
          {document.tags.map((tag) => (
            <li key={tag} className="tag">
              {tag}
              {canEdit ? (
                <PanelForm tab="metadata" className="inline-form">
                  <input type="hidden" name="tag" value={tag} />
                  <button
                    type="submit"
                    name="intent"
                    value="remove-tag"
                    className="tag-remove"
                    aria-label={`Remove tag ${tag}`}
                  >
                    ×
                  </button>
                </PanelForm>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No tags yet.</p>
      )}
      {canEdit ? (
        // The field empties once its tag is sent (the form's data is read before React renders again),
        // and stays the same element: focus stays put, and a tag typed while the last one is saved is kept.
        <PanelForm
          tab="metadata"
          className="inline-fields"
          onSubmit={(event) => {
            if ([...newTag.trim()].length > MAX_TAG_LENGTH) {
              event.preventDefault()
              setTagError(tagTooLong(newTag.trim()))
              return
            }
            setTagError(null)
            setNewTag('')
          }}
        >
          <Field
            label="New tag"
            errors={tagErrors}
            help={`Up to ${MAX_TAG_LENGTH} characters.`}
            inputProps={{
              id: `tag-${document.id}`,
              name: 'tag',
              type: 'text',
              autoComplete: 'off',
              value: newTag,
              onChange: (event) => setNewTag(event.currentTarget.value),
            }}
          />
          <button type="submit" name="intent" value="add-tag" className="button">
            Add tag
          </button>
        </PanelForm>
      ) : null}

      <h2>Related documents</h2>
      {related.length ? (
        <ul className="related-list">
          {related.map((item) => (
            <li key={item.document_id}>
              <Link to={`/documents/${item.document_id}`}>{item.document_title}</Link>{' '}
              <span className="muted">({Math.round(item.score * 100)}% similar)</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">
          No related documents yet: they appear when other processed documents of this organization are close in
          meaning.
        </p>
      )}
    </div>
  )
}
