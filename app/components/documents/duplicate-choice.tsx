import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, useNavigation } from '@remix-run/react'
import { Fragment, useEffect, useRef } from 'react'
import { z } from 'zod'

import type { HeldDuplicatePayload as HeldFile } from '#api/documents/contract'

export const DUPLICATE_CHOICES = [
  { value: 'keep', label: 'Keep both', forAll: 'Keep all' },
  { value: 'skip', label: 'Skip', forAll: 'Skip all' },
  { value: 'new_version', label: 'Add as a new version', forAll: 'Add all as new versions' },
] as const

const choice = z.enum(['keep', 'skip', 'new_version'])

/**
 * The answer to "already uploaded": one choice for every file (`choice`), or `each` to take each
 * file's own. The held files travel as their tokens; their bytes stay where the upload put them.
 */
export const DuplicateChoiceSchema = z.object({
  mode: z.enum(['single', 'batch']),
  choice: z.enum(['keep', 'skip', 'new_version', 'each']),
  title: z.string().trim().max(255).optional(),
  description: z.string().trim().max(5000).optional(),
  category: z.string().trim().max(100).optional(),
  files: z
    .array(
      z.object({
        token: z.string().min(1).max(2000),
        file_name: z.string().min(1).max(255),
        choice: choice.default('skip'),
      }),
    )
    .min(1)
    .max(100),
})

/** An upload that stopped to ask: the files the organization already holds, and what was stored meanwhile. */
export interface DuplicateQuestion {
  mode: 'single' | 'batch'
  files: HeldFile[]
  /** The fields each kept file's document gets (title and description only for a single upload). */
  fields: { title?: string; description?: string; category?: string }
  /** Documents of the same batch that were new and are already stored. */
  stored: number
  /** Reasons for files of the same batch that were refused. */
  refused: string[]
}

/** "Title" or version 2 of "Title": where the organization already has the file. */
export const whereHeld = (held: HeldFile['duplicate_of']) =>
  held.is_current ? `"${held.title}"` : `version ${held.version_number} of "${held.title}"`

/**
 * Asks what to do with uploaded files the organization already holds: keep both, skip, or add as a
 * new version of the document that has it. A plain form (submit buttons and radios), so it works
 * without JavaScript; with it, it replaces the upload form in place and takes the focus.
 */
export function DuplicateChoice({ question }: { question: DuplicateQuestion }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'resolve-duplicates'
  const heading = useRef<HTMLHeadingElement>(null)
  const [form] = useForm({
    id: 'duplicate-choice',
    constraint: getZodConstraint(DuplicateChoiceSchema),
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DuplicateChoiceSchema }),
  })
  useEffect(() => heading.current?.focus(), [])
  const { files, fields } = question
  const several = files.length > 1
  return (
    <section className="card upload-card" aria-labelledby="duplicate-title">
      <h2 id="duplicate-title" ref={heading} tabIndex={-1}>
        Already uploaded
      </h2>
      {question.stored ? (
        <p role="status">
          {question.stored} document{question.stored === 1 ? '' : 's'} uploaded and queued for processing.
        </p>
      ) : null}
      {question.refused.length ? (
        <ul className="error-list">
          {question.refused.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="form">
        <input type="hidden" name="intent" value="resolve-duplicates" />
        <input type="hidden" name="mode" value={question.mode} />
        {Object.entries(fields).map(([name, value]) =>
          value ? <input key={name} type="hidden" name={name} value={value} /> : null,
        )}
        {files.map((file, index) => (
          <Fragment key={file.token}>
            <input type="hidden" name={`files[${index}].token`} value={file.token} />
            <input type="hidden" name={`files[${index}].file_name`} value={file.file_name} />
          </Fragment>
        ))}
        {several ? (
          <>
            <p>
              {files.length} files are already uploaded. Choose what to do with each: keep both copies, skip the file,
              or add it as a new version of the document that has it.
            </p>
            {files.map((file, index) => (
              <fieldset key={file.token} className="field">
                <legend>
                  "{file.file_name}" is already uploaded as {whereHeld(file.duplicate_of)}.
                </legend>
                {DUPLICATE_CHOICES.map((option) => (
                  <label key={option.value}>
                    <input
                      type="radio"
                      name={`files[${index}].choice`}
                      value={option.value}
                      defaultChecked={option.value === 'skip'}
                    />{' '}
                    {option.label}
                  </label>
                ))}
              </fieldset>
            ))}
            <div className="inline-actions">
              <button type="submit" name="choice" value="each" className="button-primary" disabled={busy}>
                Apply choices
              </button>
            </div>
            <p>Or the same for every file:</p>
            <ChoiceButtons wording="forAll" disabled={busy} />
          </>
        ) : (
          <>
            <p>
              "{files[0]!.file_name}" is already uploaded as {whereHeld(files[0]!.duplicate_of)}. Keep both copies, skip
              this file, or add it as a new version of "{files[0]!.duplicate_of.title}"?
            </p>
            <ChoiceButtons wording="label" disabled={busy} />
          </>
        )}
      </Form>
    </section>
  )
}

/** One submit button per choice, worded for one file (`label`) or for every file (`forAll`). */
function ChoiceButtons({ wording, disabled }: { wording: 'label' | 'forAll'; disabled: boolean }) {
  return (
    <div className="inline-actions">
      {DUPLICATE_CHOICES.map((option) => (
        <button
          key={option.value}
          type="submit"
          name="choice"
          value={option.value}
          className="button"
          disabled={disabled}
        >
          {option[wording]}
        </button>
      ))}
    </div>
  )
}
