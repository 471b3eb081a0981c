import type { MeetingPayload as Meeting } from '#api/transcriptions/contract'
import { formatSize } from '~/utils/documents'

/** The meeting's recording, for its facts list: its name and size. */
export function RecordingFact({ meeting }: { meeting: Meeting }) {
  if (!meeting.recording) return null
  return (
    <div>
      <dt>Recording</dt>
      <dd>
        {meeting.recording.fileName} ({formatSize(meeting.recording.size)})
      </dd>
    </div>
  )
}

/**
 * What became of a recording not yet turned into a transcript: it is being transcribed, or it waits
 * for a transcript file, and why (transcription is not configured, or it failed).
 */
export function RecordingStatus({ meeting }: { meeting: Meeting }) {
  if (!meeting.recording || meeting.status !== 'processing') return null
  if (meeting.transcriptionError) {
    return (
      <p className="alert">
        The recording is stored. Upload a transcript file to process this meeting. {meeting.transcriptionError}
      </p>
    )
  }
  return (
    <p className="alert">
      The recording is being transcribed. Its summary and transcript will show here when it is done: reload the page to
      see them.
    </p>
  )
}
