import { getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, Link, useNavigation } from '@remix-run/react'
import { type FormEvent, useMemo, useState } from 'react'
import { z } from 'zod'

import { ErrorList, Field } from '~/components/forms'
import { ACCEPTED_FILE_TYPES, ACCEPTED_TYPES_TEXT, SAMPLE_CATEGORIES } from '~/utils/documents'
import { acceptAnyFile, documentFileCheck, type FileCheck, refuseChosenFiles } from '~/utils/file-checks'

import type { UploadProgress } from './use-upload-progress'

/** Browser File or the server's staged file: anything with a name that was really chosen. */
const isFile = (value: unknown): value is File =>
  typeof value === 'object' && value !== null && 'name' in value && typeof value.name === 'string' && value.name !== ''

/**
 * The single upload's form. `checkFile` is the browser's check of the chosen file before it is sent;
 * the server parses with none (`SingleUploadSchema`): it stages the file and the backend checks it.
 */
export const singleUploadSchema = (checkFile: FileCheck = acceptAnyFile) =>
  z
    .object({
      title: z.string().trim().max(255).optional(),
      description: z.string().trim().max(5000).optional(),
      category: z.string().trim().max(100).optional(),
      file: z
        .custom<File>(isFile, { message: 'Please select a file to upload' })
        .superRefine(refuseChosenFiles(checkFile)),
    })
    // Without JavaScript nothing fills the title from the file name; the backend does it then.
    .superRefine((value, context) => {
      if (!value.title && !isFile(value.file)) {
        context.addIssue({ code: 'custom', path: ['title'], message: 'Please enter a document title' })
      }
    })

export const SingleUploadSchema = singleUploadSchema()

/** The batch upload's form; `checkFile` as for `singleUploadSchema`, each file's refusal on the one field. */
export const batchUploadSchema = (checkFile: FileCheck = acceptAnyFile) =>
  z.object({
    category: z.string().trim().max(100).optional(),
    files: z
      .array(z.custom<File>(isFile, { message: 'Please select at least one file to upload' }), {
        required_error: 'Please select at least one file to upload',
      })
      .min(1, 'Please select at least one file to upload')
      // The backend's MAX_BATCH_FILES (20 unless set) decides how many a batch may hold; this only
      // bounds what the form is read with.
      .max(100, 'Upload at most 100 files at once.')
      .superRefine(refuseChosenFiles(checkFile)),
  })

export const BatchUploadSchema = batchUploadSchema()

const PREVIEW_NAMES = 5

/** Spec §8's sentence for an upload that failed without a reason the form can show. */
export const UPLOAD_FAILED = 'Failed to upload document. Please try again.'

/** A text field's value as a refused upload gave it back, to be shown again: a file cannot be refilled, words can. */
const typed = (field: { initialValue: unknown }) => (typeof field.initialValue === 'string' ? field.initialValue : '')

function CategorySelect({ field }: { field: { id: string; name: string; initialValue: unknown } }) {
  return (
    <div className="field">
      <label htmlFor={field.id}>Category (optional)</label>
      <select id={field.id} name={field.name} defaultValue={typed(field)}>
        <option value="">Suggest from the title and file type</option>
        {SAMPLE_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {category}
          </option>
        ))}
      </select>
    </div>
  )
}

interface UploadProps {
  lastResult?: SubmissionResult<string[]> | null
  maxMb: number
  busy: boolean
  /** Sends the checked form with progress (JavaScript only); without it the form posts itself. */
  onUpload?: (form: HTMLFormElement, label: string) => void
}

/** The chosen files' names in the form's `field`: what the progress says is being uploaded. */
function chosenLabel(form: HTMLFormElement, field: string) {
  const names = new FormData(form)
    .getAll(field)
    .flatMap((value) => (typeof value === 'object' && value.name ? [value.name] : []))
  return names.length === 1 ? names[0]! : `${names.length} files`
}

/**
 * The form's submit: Conform's client check first (it cancels the submit on an error, leaving the
 * chosen files in place), then the upload with progress instead of Remix's fetch when there is one.
 */
const submitWith =
  (validate: (event: FormEvent<HTMLFormElement>) => void, field: string, onUpload: UploadProps['onUpload']) =>
  (event: FormEvent<HTMLFormElement>) => {
    validate(event)
    if (event.defaultPrevented || !onUpload) return
    event.preventDefault()
    onUpload(event.currentTarget, chosenLabel(event.currentTarget, field))
  }

/** The upload form of /documents: one document with its title, or several files at once. */
export function UploadForm({
  mode,
  lastResult,
  maxMb,
  progress,
  onUpload,
}: {
  mode: 'single' | 'batch'
  lastResult?: SubmissionResult<string[]> | null
  maxMb: number
  progress?: UploadProgress | null
  onUpload?: UploadProps['onUpload']
}) {
  const navigation = useNavigation()
  const uploading =
    Boolean(progress) ||
    (navigation.state === 'submitting' && navigation.formData?.get('intent')?.toString().startsWith('upload'))
  const props = { lastResult, maxMb, busy: Boolean(uploading), onUpload }
  return (
    <section className="card upload-card" aria-labelledby="upload-title">
      <h2 id="upload-title">Upload</h2>
      <nav aria-label="Upload mode" className="segmented">
        <Link to="?upload=true" aria-current={mode === 'single' ? 'page' : undefined} replace>
          Single document
        </Link>
        <Link to="?upload=true&mode=batch" aria-current={mode === 'batch' ? 'page' : undefined} replace>
          Batch upload
        </Link>
      </nav>
      <p className="field-help">
        {ACCEPTED_TYPES_TEXT}, up to {maxMb} MB each.
      </p>
      {mode === 'single' ? <SingleUpload {...props} /> : <BatchUpload {...props} />}
      <UploadProgressBar progress={progress ?? null} />
    </section>
  )
}

// Announced at these steps only: a screen reader reading out every percent would say nothing else.
const ANNOUNCE_EVERY = 25

/**
 * How much of an upload has been sent: the bar and the exact percent for the eye, and a polite live
 * region, always in the page so that its changes are announced, that speaks at every quarter.
 */
function UploadProgressBar({ progress }: { progress: UploadProgress | null }) {
  const announced = progress ? Math.floor(progress.percent / ANNOUNCE_EVERY) * ANNOUNCE_EVERY : 0
  return (
    <>
      {progress ? (
        <div className="upload-progress">
          <p aria-hidden="true">
            Uploading {progress.label}: {progress.percent}%
          </p>
          <progress aria-label={`Uploading ${progress.label}`} value={progress.percent} max={100} />
        </div>
      ) : null}
      {/* aria-live, not role="status": the page's one status is its toasts. */}
      <p aria-live="polite" className="visually-hidden">
        {progress ? `Uploading ${progress.label}: ${announced}%` : ''}
      </p>
    </>
  )
}

function SingleUpload({ lastResult, maxMb, busy, onUpload }: UploadProps) {
  const schema = useMemo(() => singleUploadSchema(documentFileCheck(maxMb)), [maxMb])
  const [form, fields] = useForm({
    id: 'upload-single',
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  // The title fills from the file name without its extension unless one was typed (spec §2): a file
  // chosen again after a refusal names the document, not the refused file. A title typed before a
  // refusal without JavaScript comes back in the form, as typed.
  const [title, setTitle] = useState(() => ({ value: typed(fields.title), typed: typed(fields.title) !== '' }))
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      onSubmit={submitWith(form.onSubmit, fields.file.name, onUpload)}
      className="form"
    >
      <input type="hidden" name="intent" value="upload" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="field">
        <label htmlFor={fields.file.id}>File</label>
        <input
          {...getInputProps(fields.file, { type: 'file' })}
          accept={ACCEPTED_FILE_TYPES}
          onChange={(event) => {
            const name = event.currentTarget.files?.[0]?.name
            if (name && !(title.typed && title.value.trim())) {
              setTitle({ value: name.replace(/\.[^.]+$/, ''), typed: false })
            }
          }}
        />
        <ErrorList id={fields.file.errorId} errors={fields.file.errors} />
      </div>
      <Field
        label="Title"
        inputProps={{
          ...getInputProps(fields.title, { type: 'text' }),
          value: title.value,
          onChange: (event) => setTitle({ value: event.currentTarget.value, typed: true }),
        }}
        errors={fields.title.errors}
        help="Leave empty to use the file name."
      />
      <div className="field">
        <label htmlFor={fields.description.id}>Description (optional)</label>
        <textarea
          id={fields.description.id}
          name={fields.description.name}
          rows={3}
          maxLength={5000}
          defaultValue={typed(fields.description)}
        />
      </div>
      <CategorySelect field={fields.category} />
      <button type="submit" className="button-primary" disabled={busy}>
        {busy ? 'Uploading...' : 'Upload Document'}
      </button>
    </Form>
  )
}

function BatchUpload({ lastResult, maxMb, busy, onUpload }: UploadProps) {
  const schema = useMemo(() => batchUploadSchema(documentFileCheck(maxMb)), [maxMb])
  const [form, fields] = useForm({
    id: 'upload-batch',
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  const [names, setNames] = useState<string[]>([])
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      onSubmit={submitWith(form.onSubmit, fields.files.name, onUpload)}
      className="form"
    >
      <input type="hidden" name="intent" value="upload-batch" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="field">
        <label htmlFor={fields.files.id}>Files</label>
        <input
          {...getInputProps(fields.files, { type: 'file' })}
          multiple
          accept={ACCEPTED_FILE_TYPES}
          onChange={(event) => setNames(Array.from(event.currentTarget.files ?? [], (file) => file.name))}
        />
        <ErrorList id={fields.files.errorId} errors={fields.files.errors} />
      </div>
      {names.length ? (
        <div className="file-preview" aria-live="polite">
          <p>
            {names.length} file{names.length === 1 ? '' : 's'} selected:
          </p>
          <ul>
            {names.slice(0, PREVIEW_NAMES).map((name, index) => (
              <li key={`${name}-${index}`}>{name}</li>
            ))}
          </ul>
          {names.length > PREVIEW_NAMES ? <p>...and {names.length - PREVIEW_NAMES} more</p> : null}
        </div>
      ) : null}
      <CategorySelect field={fields.category} />
      <button type="submit" className="button-primary" disabled={busy}>
        {busy ? 'Uploading...' : 'Upload Files'}
      </button>
    </Form>
  )
}
