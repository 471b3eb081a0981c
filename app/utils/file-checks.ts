import type { RefinementCtx } from 'zod'

import { extensionOf, FILE_TYPES, tooLargeRefusal, unsupportedTypeRefusal } from '#shared/file-types'
import {
  emptyTranscriptRefusal,
  MAX_TRANSCRIPT_MB,
  TRANSCRIPT_TYPES,
  transcriptTooLargeRefusal,
  transcriptTypeRefusal,
} from '#shared/meetings'
import { recordingTypeOf } from '#shared/recordings'

const MB = 1024 * 1024

/** A chosen file as the browser describes it before sending it. */
export interface ChosenFile {
  name: string
  size: number
}

/** Why a chosen file would be refused, in the server's words, or null when it may be sent. */
export type FileCheck = (file: ChosenFile) => string | null

/**
 * The browser's check of a document's file, by its name and size only: a file that would be refused
 * is not sent at all (a 55 MB file took minutes on a slow line just to hear "too large"). The server
 * checks everything again, its content above all, which only it reads.
 */
export const documentFileCheck =
  (maxMb: number): FileCheck =>
  ({ name, size }) => {
    if (!(FILE_TYPES as readonly string[]).includes(extensionOf(name))) return unsupportedTypeRefusal(name)
    return size > maxMb * MB ? tooLargeRefusal(name, maxMb) : null
  }

/**
 * The browser's check of a meeting's transcript file (at most MAX_TRANSCRIPT_MB, not empty) or
 * recording (at most the page's `maxRecordingMb`): the action tells the two apart by the extension,
 * and so does this. Anything else is refused as a transcript, as the action does.
 */
export const transcriptFileCheck =
  (maxRecordingMb: number): FileCheck =>
  ({ name, size }) => {
    if (recordingTypeOf(name)) return size > maxRecordingMb * MB ? tooLargeRefusal(name, maxRecordingMb) : null
    if (!(TRANSCRIPT_TYPES as readonly string[]).includes(extensionOf(name))) return transcriptTypeRefusal(name)
    if (size === 0) return emptyTranscriptRefusal(name)
    return size > MAX_TRANSCRIPT_MB * MB ? transcriptTooLargeRefusal(name) : null
  }

/** As a zod refinement of a file field (one file or a list): one issue per refused file, on the field. */
export const refuseChosenFiles = (check: FileCheck) => (value: ChosenFile | ChosenFile[], context: RefinementCtx) => {
  const refusals = new Set((Array.isArray(value) ? value : [value]).map(check).filter(Boolean))
  for (const message of refusals) context.addIssue({ code: 'custom', message: message! })
}

/** Accepts any file: the server's own parse of a form, which checks the files itself. */
export const acceptAnyFile: FileCheck = () => null
