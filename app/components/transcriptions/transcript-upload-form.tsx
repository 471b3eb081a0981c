import { getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, useNavigation } from '@remix-run/react'
import { useMemo } from 'react'
import { z } from 'zod'

import { MAX_TRANSCRIPT_MB, MAX_TRANSCRIPT_SPEAKERS, MAX_TRANSCRIPT_TURNS } from '#shared/meetings'
import { ACCEPTED_RECORDING_TYPES, RECORDING_TYPES_TEXT } from '#shared/recordings'
import { ErrorList, Field } from '~/components/forms'
import { acceptAnyFile, type FileCheck, refuseChosenFiles, transcriptFileCheck } from '~/utils/file-checks'

const isFile = (value: unknown): value is File =>
  typeof value === 'object' && value !== null && 'name' in value && typeof value.name === 'string' && value.name !== ''

/** The form; `checkFile` is the browser's check before sending, the server parses with none. */
export const transcriptUploadSchema = (checkFile: FileCheck = acceptAnyFile) =>
  z.object({
    file: z
      .custom<File>(isFile, { message: 'Choose a transcript file to upload.' })
      .superRefine(refuseChosenFiles(checkFile)),
  })

export const TranscriptUploadSchema = transcriptUploadSchema()

/**
 * Upload a meeting's transcript file, or its recording: a plain multipart form, so it works without
 * JavaScript. The action tells the two apart by the file's extension.
 */
export function TranscriptUploadForm({
  lastResult,
  replacing,
  maxRecordingMb,
}: {
  lastResult: SubmissionResult<string[]> | undefined
  replacing: boolean
  maxRecordingMb: number
}) {
  const navigation = useNavigation()
  const schema = useMemo(() => transcriptUploadSchema(transcriptFileCheck(maxRecordingMb)), [maxRecordingMb])
  const [form, fields] = useForm({
    id: 'transcript-upload',
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  const uploading = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  return (
    <section aria-labelledby="upload-title" className="card">
      <h2 id="upload-title">{replacing ? 'Replace the transcript' : 'Upload a transcript'}</h2>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="form">
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          label="Transcript file"
          inputProps={{
            ...getInputProps(fields.file, { type: 'file' }),
            accept: `.vtt,.srt,.txt,${ACCEPTED_RECORDING_TYPES}`,
          }}
          errors={fields.file.errors}
          help={`A WebVTT (.vtt) or SRT (.srt) file from the meeting tool, or text with one turn per line as 'Name: what they said'. At most ${MAX_TRANSCRIPT_MB} MB, ${MAX_TRANSCRIPT_SPEAKERS} speakers and ${MAX_TRANSCRIPT_TURNS.toLocaleString('en-US')} turns. Or the meeting's recording: ${RECORDING_TYPES_TEXT}, at most ${maxRecordingMb} MB.`}
        />
        <div className="form-actions">
          <button type="submit" name="intent" value="upload-transcript" className="button-primary" disabled={uploading}>
            {uploading ? 'Uploading...' : 'Upload Transcript'}
          </button>
        </div>
      </Form>
    </section>
  )
}
