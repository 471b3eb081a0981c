import { readdirSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'

import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { jobs } from '../../api/db/schema'
import { transcribeRecording, TranscriptionError } from '../../api/transcriptions/transcription-job'
import { wav } from '../support/wav'
import { demoAndHarbor, type Harness, type Session, signIn, startApi } from './support/harness'

const DEMO = 'demo-advisory-group'
const MB = 1024 * 1024
const FORBIDDEN = { detail: 'You do not have permission to perform this action.' }
const MEETING_NOT_FOUND = { detail: 'Meeting not found' }
const NOT_CONFIGURED = 'Automatic transcription is not configured.'
/** A Wednesday: "by Friday" said in this meeting is 6 March 2026. */
const WEDNESDAY = '2026-03-04T15:00:00.000Z'

interface Meeting {
  id: string
  status: 'scheduled' | 'processing' | 'processed'
  participants: Array<{ name: string }>
  recordingUrl: string | null
  recording: { fileName: string; size: number; contentType: string } | null
  transcriptionError: string | null
  transcriptUrl: string | null
}

interface Transcript {
  format: string
  fileName: string
  timesEstimated: boolean
  segments: Array<{ id: number; startTime: number; endTime: number; speaker: string; text: string }>
  summary: string
  actionItems: Array<{ text: string; assignee: string; dueDate: string | null }>
}

/** One request to the fake transcription server, as it received it. */
interface TranscriptionCall {
  path: string
  authorization: string | undefined
  fields: Record<string, string>
  file: { name: string; type: string; bytes: Uint8Array } | null
}

type Answer = { status: number; json: unknown }

/**
 * A local OpenAI-compatible `/v1/audio/transcriptions`: each request is read (multipart, as the
 * OpenAI API takes it) and answered with what `answer` gives, which may wait on the test.
 */
async function startTranscriptionServer() {
  const calls: TranscriptionCall[] = []
  let answer: (call: TranscriptionCall) => Answer | Promise<Answer> = () => ({ status: 500, json: {} })
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', async () => {
      const form = await new Request('http://fake.test/', {
        method: 'POST',
        headers: { 'content-type': request.headers['content-type'] ?? '' },
        body: Buffer.concat(chunks),
      })
        .formData()
        .catch(() => new FormData())
      const fields: Record<string, string> = {}
      let file: TranscriptionCall['file'] = null
      for (const [name, value] of form) {
        if (typeof value === 'string') fields[name] = value
        else file = { name: value.name, type: value.type, bytes: new Uint8Array(await value.arrayBuffer()) }
      }
      const call = { path: request.url ?? '', authorization: request.headers.authorization, fields, file }
      calls.push(call)
      const { status, json } = await answer(call)
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    calls,
    answer(next: typeof answer) {
      answer = next
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Whisper's verbose_json: the text, and its timed segments (more fields than are read). */
const VERBOSE = {
  task: 'transcribe',
  language: 'english',
  duration: 21.5,
  text: 'Thanks for joining. Revenue was 14.2 million last year and EBITDA 2.6 million. I will send the customer revenue breakdown by Friday.',
  segments: [
    {
      id: 0,
      seek: 0,
      start: 0,
      end: 6.5,
      text: ' Thanks for joining, today we go through the draft valuation.',
      tokens: [1, 2],
    },
    {
      id: 1,
      seek: 0,
      start: 7,
      end: 15.24,
      text: ' Revenue was 14.2 million last year and EBITDA 2.6 million.',
      tokens: [3],
    },
    {
      id: 2,
      seek: 0,
      start: 15.5,
      end: 21.5,
      text: " I'll send the customer revenue breakdown by Friday.",
      tokens: [4],
    },
  ],
}

const VTT = `WEBVTT

00:00:01.000 --> 00:00:06.000
<v Helen Park>We agreed to counter at 13.5 million.
`

let whisper: Awaited<ReturnType<typeof startTranscriptionServer>>
/** Transcribes through the fake server. */
let api: Harness
/** No TRANSCRIBE_BASE_URL, uploads of at most 1 MB, and a second organization. */
let plain: Harness
let analyst: Session
let plainAdmin: Session
let plainAnalyst: Session
let plainMember: Session
let outsider: Session
let harbor: string

beforeAll(async () => {
  whisper = await startTranscriptionServer()
  api = await startApi({
    TRANSCRIBE_BASE_URL: whisper.baseUrl,
    TRANSCRIBE_MODEL: 'whisper-test',
    TRANSCRIBE_API_KEY: 'test-key',
  })
  analyst = await signIn(api, 'analyst')
  plain = await startApi({ MAX_UPLOAD_MB: '1' })
  ;({ admin: plainAdmin, analyst: plainAnalyst, member: plainMember, outsider, harbor } = await demoAndHarbor(plain))
})
afterAll(async () => {
  await api?.close()
  await plain?.close()
  await whisper?.close()
})

async function schedule(harness: Harness, session: Session) {
  const response = await harness.request('/meetings/', {
    method: 'POST',
    token: session.access,
    org: DEMO,
    json: {
      title: 'Valuation review with Helen Park',
      date: WEDNESDAY,
      duration: 60,
      participants: [{ name: 'Helen Park', email: 'helen.park@parkprecision.example', role: 'client' }],
    },
  })
  expect(response.status, await response.clone().text()).toBe(201)
  return (await response.json()) as Meeting
}

function file(name: string, bytes: BlobPart) {
  const body = new FormData()
  body.append('file', new File([bytes], name))
  return body
}

const sendRecording = (harness: Harness, session: Session, id: string, body: FormData, org = DEMO) =>
  harness.request(`/meetings/${id}/recording/`, { method: 'POST', token: session.access, org, body })

async function uploadRecording(harness: Harness, session: Session, id: string, name: string, bytes: BlobPart) {
  const response = await sendRecording(harness, session, id, file(name, bytes))
  expect(response.status, await response.clone().text()).toBe(202)
  return (await response.json()) as Meeting
}

/** Uploads the VTT transcript file to a meeting, as a user would once a recording waits. */
async function uploadTranscriptFile(harness: Harness, session: Session, id: string) {
  const response = await harness.request(`/meetings/${id}/transcript/`, {
    method: 'POST',
    token: session.access,
    org: DEMO,
    body: file('minutes.vtt', VTT),
  })
  expect(response.status, await response.clone().text()).toBe(201)
}

async function meetingOf(harness: Harness, session: Session, id: string) {
  const response = await harness.request(`/meetings/${id}/`, { token: session.access, org: DEMO })
  expect(response.status).toBe(200)
  return (await response.json()) as Meeting
}

async function transcriptOf(harness: Harness, session: Session, id: string) {
  const response = await harness.request(`/meetings/${id}/transcript/`, { token: session.access, org: DEMO })
  expect(response.status, await response.clone().text()).toBe(200)
  return (await response.json()) as Transcript
}

const transcriptionJobs = (harness: Harness) =>
  harness.db.select().from(jobs).where(eq(jobs.kind, 'transcribe-recording')).orderBy(jobs.id)

/** Runs the delayed retries now instead of after their backoff, then waits for the worker. */
async function retryNow(harness: Harness) {
  await harness.db
    .update(jobs)
    .set({ runAfter: sql`now()` })
    .where(eq(jobs.status, 'queued'))
  await harness.worker!.idle()
}

/** Every stored file under DATA_DIR/files (not the folder of uploads in progress). */
function storedFiles(harness: Harness) {
  const root = path.join(harness.dataDir, 'files')
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !entry.parentPath.includes(`${path.sep}incoming`))
      .map((entry) => entry.name)
  } catch {
    return []
  }
}

describe('transcribed by an OpenAI-compatible server', () => {
  it('stores the recording, marks the meeting processing, and processes it from the server’s segments', async () => {
    const meeting = await schedule(api, analyst)
    const recording = wav(0.5)
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    whisper.answer(async () => {
      await released
      return { status: 200, json: VERBOSE }
    })
    const before = whisper.calls.length

    const uploaded = await uploadRecording(api, analyst, meeting.id, 'valuation-review.wav', recording)
    expect(uploaded).toMatchObject({
      status: 'processing',
      recording: { fileName: 'valuation-review.wav', size: recording.length, contentType: 'audio/wav' },
      recordingUrl: `/api/meetings/${meeting.id}/recording/`,
      transcriptionError: null,
      transcriptUrl: null,
    })
    // The storage key (the file's SHA-256) stays inside.
    expect(JSON.stringify(uploaded)).not.toMatch(/[a-f0-9]{64}/)
    expect((await meetingOf(api, analyst, meeting.id)).status).toBe('processing')
    const [job] = await transcriptionJobs(api)
    expect(job).toMatchObject({ organizationId: expect.any(Number), payload: { meetingId: expect.any(Number) } })

    release()
    await api.worker!.idle()
    const call = whisper.calls[before]!
    expect(whisper.calls).toHaveLength(before + 1)
    expect(call.path).toBe('/v1/audio/transcriptions')
    expect(call.authorization).toBe('Bearer test-key')
    expect(call.fields).toEqual({ model: 'whisper-test', response_format: 'verbose_json' })
    expect(call.file).toEqual({ name: 'valuation-review.wav', type: 'audio/wav', bytes: recording })

    const processed = await meetingOf(api, analyst, meeting.id)
    expect(processed).toMatchObject({
      status: 'processed',
      transcriptionError: null,
      transcriptUrl: `/api/meetings/${meeting.id}/transcript/`,
      recording: { fileName: 'valuation-review.wav' },
    })
    // No speaker is known, and none joins the meeting.
    expect(processed.participants.map((participant) => participant.name)).toEqual(['Helen Park'])
    const transcript = await transcriptOf(api, analyst, meeting.id)
    expect(transcript).toMatchObject({ format: 'recording', fileName: 'valuation-review.wav', timesEstimated: false })
    expect(transcript.segments).toEqual([
      {
        id: 1,
        startTime: 0,
        endTime: 6.5,
        speaker: 'Unknown speaker',
        text: 'Thanks for joining, today we go through the draft valuation.',
      },
      {
        id: 2,
        startTime: 7,
        endTime: 15.24,
        speaker: 'Unknown speaker',
        text: 'Revenue was 14.2 million last year and EBITDA 2.6 million.',
      },
      {
        id: 3,
        startTime: 15.5,
        endTime: 21.5,
        speaker: 'Unknown speaker',
        text: "I'll send the customer revenue breakdown by Friday.",
      },
    ])
    expect(transcript.summary).toContain('14.2 million')
    expect(transcript.actionItems).toContainEqual({
      text: 'Send the customer revenue breakdown by Friday',
      assignee: 'Unknown speaker',
      dueDate: '2026-03-06',
    })
    expect((await transcriptionJobs(api)).at(-1)!.status).toBe('done')
  })

  it('reads an answer of text alone, one segment a sentence, its times estimated', async () => {
    const meeting = await schedule(api, analyst)
    whisper.answer(() => ({
      status: 200,
      json: { text: 'We agreed on the earn-out. Helen will review it next week.' },
    }))
    await uploadRecording(api, analyst, meeting.id, 'call.wav', wav(0.25))
    await api.worker!.idle()
    const transcript = await transcriptOf(api, analyst, meeting.id)
    expect(transcript.timesEstimated).toBe(true)
    expect(transcript.segments.map((segment) => segment.text)).toEqual([
      'We agreed on the earn-out.',
      'Helen will review it next week.',
    ])
    expect(transcript.segments[1]!.startTime).toBe(transcript.segments[0]!.endTime)
  })

  it('retries a failing server through the queue, then says why after the last attempt', async () => {
    const meeting = await schedule(api, analyst)
    whisper.answer(() => ({ status: 500, json: { error: { message: 'The model is overloaded.' } } }))
    const before = whisper.calls.length
    await uploadRecording(api, analyst, meeting.id, 'overloaded.wav', wav(0.3))

    await api.worker!.idle()
    expect(whisper.calls).toHaveLength(before + 1)
    expect((await transcriptionJobs(api)).at(-1)).toMatchObject({ status: 'queued', attempts: 1 })
    expect(await meetingOf(api, analyst, meeting.id)).toMatchObject({ status: 'processing', transcriptionError: null })

    await retryNow(api)
    expect(whisper.calls).toHaveLength(before + 2)
    expect((await meetingOf(api, analyst, meeting.id)).transcriptionError).toBeNull()

    await retryNow(api)
    expect(whisper.calls).toHaveLength(before + 3)
    expect((await transcriptionJobs(api)).at(-1)).toMatchObject({ status: 'failed', attempts: 3 })
    const failed = await meetingOf(api, analyst, meeting.id)
    expect(failed).toMatchObject({
      status: 'processing',
      transcriptionError:
        'Automatic transcription failed: the transcription server answered 500: The model is overloaded.',
      recording: { fileName: 'overloaded.wav' },
      transcriptUrl: null,
    })

    // A transcript file still processes the meeting, and the reason goes.
    await uploadTranscriptFile(api, analyst, meeting.id)
    expect(await meetingOf(api, analyst, meeting.id)).toMatchObject({
      status: 'processed',
      transcriptionError: null,
      recording: { fileName: 'overloaded.wav' },
    })
  })

  it('does not retry a request the server refuses, and says why at once', async () => {
    const meeting = await schedule(api, analyst)
    whisper.answer(() => ({ status: 400, json: { error: { message: 'Unsupported audio codec.' } } }))
    const before = whisper.calls.length
    await uploadRecording(api, analyst, meeting.id, 'odd.wav', wav(0.35))
    await api.worker!.idle()
    expect(whisper.calls).toHaveLength(before + 1)
    expect((await transcriptionJobs(api)).at(-1)).toMatchObject({ status: 'done', attempts: 1 })
    expect(await meetingOf(api, analyst, meeting.id)).toMatchObject({
      status: 'processing',
      transcriptionError:
        'Automatic transcription failed: the transcription server answered 400: Unsupported audio codec.',
    })
  })

  it('keeps a transcript file uploaded while the recording was being transcribed', async () => {
    const meeting = await schedule(api, analyst)
    let heard!: () => void
    const received = new Promise<void>((resolve) => (heard = resolve))
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    whisper.answer(async () => {
      heard()
      await released
      return { status: 200, json: VERBOSE }
    })
    await uploadRecording(api, analyst, meeting.id, 'late.wav', wav(0.4))
    await received
    await uploadTranscriptFile(api, analyst, meeting.id)
    release()
    await api.worker!.idle()
    const transcript = await transcriptOf(api, analyst, meeting.id)
    expect(transcript).toMatchObject({ format: 'vtt', fileName: 'minutes.vtt' })
    expect((await transcriptionJobs(api)).at(-1)!.status).toBe('done')
  })
})

describe('a transcription server that says nothing', () => {
  it('is given up after TRANSCRIBE_TIMEOUT_SECONDS, with the reason, and the queue may try again', async () => {
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    whisper.answer(async () => {
      await released
      return { status: 200, json: VERBOSE }
    })
    const recording = path.join(api.dataDir, 'silent-server.wav')
    writeFileSync(recording, wav(0.2))
    const config = { ...api.deps.config, TRANSCRIBE_TIMEOUT_SECONDS: 1 }
    const attempt = transcribeRecording(
      config,
      { path: recording, fileName: 'silent-server.wav', contentType: 'audio/wav' },
      new AbortController().signal,
    )
    await expect(attempt).rejects.toThrow(
      new TranscriptionError('the transcription server gave no answer within 1 second.'),
    )
    await expect(attempt).rejects.toMatchObject({ permanent: false })
    release()
  })
})

describe('without a transcription server', () => {
  it('stores the recording and leaves the meeting processing, waiting for a transcript file, with no job', async () => {
    const meeting = await schedule(plain, plainAnalyst)
    const recording = wav(0.5, 2)
    const uploaded = await uploadRecording(plain, plainAnalyst, meeting.id, 'board call.wav', recording)
    expect(uploaded).toMatchObject({
      status: 'processing',
      recording: { fileName: 'board call.wav', size: recording.length, contentType: 'audio/wav' },
      transcriptionError: NOT_CONFIGURED,
    })
    await plain.worker!.idle()
    expect(await transcriptionJobs(plain)).toEqual([])
    expect(await meetingOf(plain, plainMember, meeting.id)).toMatchObject({
      status: 'processing',
      transcriptionError: NOT_CONFIGURED,
    })
    const transcript = await plain.request(`/meetings/${meeting.id}/transcript/`, {
      token: plainMember.access,
      org: DEMO,
    })
    expect(transcript.status).toBe(404)

    // A member may fetch the recording as it was uploaded.
    const download = await plain.request(`/meetings/${meeting.id}/recording/`, { token: plainMember.access, org: DEMO })
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('audio/wav')
    expect(download.headers.get('content-disposition')).toContain('board call.wav')
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(recording)

    await uploadTranscriptFile(plain, plainAdmin, meeting.id)
    expect(await meetingOf(plain, plainMember, meeting.id)).toMatchObject({
      status: 'processed',
      transcriptionError: null,
      recording: { fileName: 'board call.wav' },
    })
  })

  it('answers 404 for the recording of a meeting that has none', async () => {
    const meeting = await schedule(plain, plainAnalyst)
    const response = await plain.request(`/meetings/${meeting.id}/recording/`, { token: plainMember.access, org: DEMO })
    expect(response.status).toBe(404)
  })

  it('replaces a recording, and deleting the meeting removes its file unless another meeting has the same one', async () => {
    const first = await schedule(plain, plainAnalyst)
    const second = await schedule(plain, plainAnalyst)
    const shared = wav(0.2, 3)
    const before = storedFiles(plain).length
    await uploadRecording(plain, plainAnalyst, first.id, 'take-1.wav', wav(0.2, 4))
    expect(storedFiles(plain)).toHaveLength(before + 1)
    await uploadRecording(plain, plainAnalyst, first.id, 'take-2.wav', shared)
    expect(storedFiles(plain)).toHaveLength(before + 1)
    expect((await meetingOf(plain, plainAnalyst, first.id)).recording?.fileName).toBe('take-2.wav')
    await uploadRecording(plain, plainAnalyst, second.id, 'copy.wav', shared)
    expect(storedFiles(plain)).toHaveLength(before + 1)

    const remove = (id: string) =>
      plain.request(`/meetings/${id}/`, { method: 'DELETE', token: plainAnalyst.access, org: DEMO })
    expect((await remove(first.id)).status).toBe(204)
    expect(storedFiles(plain)).toHaveLength(before + 1)
    expect((await remove(second.id)).status).toBe(204)
    expect(storedFiles(plain)).toHaveLength(before)
  })
})

describe('refusals', () => {
  async function expectRefused(response: Response, status: number, body: unknown, id: string) {
    expect(response.status).toBe(status)
    expect(await response.json()).toEqual(body)
    expect(await meetingOf(plain, plainMember, id)).toMatchObject({
      status: 'scheduled',
      recording: null,
      transcriptionError: null,
    })
  }

  it('refuses a file whose content is not what its name says, an empty file and an unknown type, keeping nothing', async () => {
    const meeting = await schedule(plain, plainAnalyst)
    const before = storedFiles(plain).length
    const send = (name: string, bytes: BlobPart) => sendRecording(plain, plainAnalyst, meeting.id, file(name, bytes))
    await expectRefused(
      await send('minutes.mp3', 'Helen: we agreed to counter at 13.5 million.'),
      400,
      { file: ['"minutes.mp3" is not an MP3 recording: its content is text. Check the file and its extension.'] },
      meeting.id,
    )
    await expectRefused(
      await send('call.mov', wav(0.1, 5)),
      400,
      {
        file: [
          '"call.mov" is not a QuickTime (MOV) video: its content is WAV audio. Check the file and its extension.',
        ],
      },
      meeting.id,
    )
    await expectRefused(await send('empty.wav', ''), 400, { file: ['"empty.wav" is empty.'] }, meeting.id)
    await expectRefused(
      await send('notes.docx', 'PK\u0003\u0004'),
      400,
      {
        file: ['"notes.docx" is not a supported recording type. Upload an MP3, M4A, WAV, WebM, OGG, MP4 or MOV file.'],
      },
      meeting.id,
    )
    const noFile = new FormData()
    noFile.append('title', 'no file here')
    await expectRefused(
      await sendRecording(plain, plainAnalyst, meeting.id, noFile),
      400,
      { file: ['Choose a recording to upload.'] },
      meeting.id,
    )
    await expectRefused(
      await plain.request(`/meetings/${meeting.id}/recording/`, {
        method: 'POST',
        token: plainAnalyst.access,
        org: DEMO,
        json: { file: 'call.wav' },
      }),
      415,
      { detail: 'Send the upload as multipart/form-data.' },
      meeting.id,
    )
    expect(storedFiles(plain)).toHaveLength(before)
  })

  it('refuses a file over the upload limit with 413, and a body well over it as it streams', async () => {
    const meeting = await schedule(plain, plainAnalyst)
    const before = storedFiles(plain).length
    const over = wav((1.5 * MB) / 16000, 6) // 1.5 MB
    await expectRefused(
      await sendRecording(plain, plainAnalyst, meeting.id, file('long.wav', over)),
      413,
      { file: ['"long.wav" is larger than the 1 MB upload limit.'] },
      meeting.id,
    )
    const far = wav((3 * MB) / 16000, 7) // 3 MB: past the body's own limit
    await expectRefused(
      await sendRecording(plain, plainAnalyst, meeting.id, file('longer.wav', far)),
      413,
      { file: ['The file is larger than 1 MB.'] },
      meeting.id,
    )
    expect(storedFiles(plain)).toHaveLength(before)
    // A file just under the limit is taken.
    await uploadRecording(plain, plainAnalyst, meeting.id, 'short.wav', wav((MB - 1024) / 16000, 8))
  })

  it('refuses a member with 403 before reading the upload', async () => {
    const meeting = await schedule(plain, plainAnalyst)
    await expectRefused(
      await sendRecording(plain, plainMember, meeting.id, file('call.wav', wav(0.1, 9))),
      403,
      FORBIDDEN,
      meeting.id,
    )
  })

  it('answers 404 for another organization’s meeting, changing nothing', async () => {
    const meeting = await schedule(plain, plainAnalyst)
    await expectRefused(
      await sendRecording(plain, outsider, meeting.id, file('call.wav', wav(0.1, 10)), harbor),
      404,
      MEETING_NOT_FOUND,
      meeting.id,
    )
    await expectRefused(
      await sendRecording(plain, plainAnalyst, 'meet-99999999', file('call.wav', wav(0.1, 10))),
      404,
      MEETING_NOT_FOUND,
      meeting.id,
    )
    const download = await plain.request(`/meetings/${meeting.id}/recording/`, { token: outsider.access, org: harbor })
    expect(download.status).toBe(404)
  })
})
