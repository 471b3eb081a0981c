import { Hono, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'

import { MAX_TRANSCRIPT_MB } from '../../shared/meetings'
import { currentMember, type MemberContext, type MemberEnv } from '../auth/access'
import { requireCaller } from '../auth/middleware'
import { ExportQuerySchema } from '../exports/formats'
import { sendReport } from '../exports/respond'
import type { AppEnv } from '../kernel/hono-env'
import { readJson, readQuery } from '../kernel/validation'
import { meetingId, requireMeeting, requireMeetingEditor } from './access'
import { convertToConversation } from './conversion'
import { readRecordingUpload, recordingTooLarge } from './recording-upload'
import { downloadRecording, removeUnusedRecording, saveRecording } from './recordings'
import { meetingReport } from './report'
import { ListMeetingsSchema, MeetingPatchSchema, MeetingSchema } from './schema'
import {
  deleteMeeting,
  getMeeting,
  getMeetingNotes,
  getTranscript,
  listMeetings,
  saveTranscript,
  scheduleMeeting,
  updateMeeting,
} from './service'
import { readTranscriptUpload } from './transcript-upload'

/** The transcript upload's own limit, in place of the 1 MB of JSON bodies (a little over the file's). */
export const isTranscriptUpload = (method: string, path: string) =>
  method === 'POST' && /^\/api\/meetings\/[^/]+\/transcript\/$/.test(path)

const transcriptLimit = bodyLimit({
  maxSize: (MAX_TRANSCRIPT_MB + 1) * 1024 * 1024,
  onError: (c) => c.json({ file: [`The file is larger than ${MAX_TRANSCRIPT_MB} MB.`] }, 413),
})

const MB = 1024 * 1024

/** The recording upload's own limit, in place of the 1 MB of JSON bodies: a little over MAX_UPLOAD_MB. */
export const isRecordingUpload = (method: string, path: string) =>
  method === 'POST' && /^\/api\/meetings\/[^/]+\/recording\/$/.test(path)

/**
 * A declared length over the limit is refused at once; a body without one is counted as it streams
 * (readRecordingUpload), never held in memory as hono's bodyLimit would.
 */
const recordingLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const maxMb = c.get('deps').config.MAX_UPLOAD_MB
  if (!c.req.header('transfer-encoding') && Number(c.req.header('content-length') ?? 0) > (maxMb + 1) * MB) {
    throw recordingTooLarge(maxMb)
  }
  await next()
}

/** Permission first, then the meeting, then the body: as DRF orders them. */
async function editing(c: MemberContext) {
  const caller = c.get('member').caller
  requireMeetingEditor(caller)
  const meeting = await requireMeeting(c.get('deps'), caller, meetingId(c.req.param('id')))
  return { caller, meeting }
}

const id = (c: MemberContext) => meetingId(c.req.param('id'))

/** Spec §7 "Simulated services": meetings and their transcripts, stored per organization for real. */
export const meetingRoutes = new Hono<MemberEnv>()
  .use('/meetings/*', requireCaller, currentMember)
  .use('/meetings', requireCaller, currentMember)
  .get('/meetings/', async (c) =>
    c.json(await listMeetings(c.get('deps'), c.get('member').caller, readQuery(c, ListMeetingsSchema))),
  )
  .post('/meetings/', async (c) => {
    const caller = c.get('member').caller
    requireMeetingEditor(caller)
    return c.json(await scheduleMeeting(c.get('deps'), caller, await readJson(c, MeetingSchema)), 201)
  })
  .get('/meetings/:id/', async (c) => c.json(await getMeeting(c.get('deps'), c.get('member').caller, id(c))))
  .put('/meetings/:id/', async (c) => {
    const { caller, meeting } = await editing(c)
    return c.json(await updateMeeting(c.get('deps'), caller, meeting.id, await readJson(c, MeetingSchema)))
  })
  .patch('/meetings/:id/', async (c) => {
    const { caller, meeting } = await editing(c)
    return c.json(await updateMeeting(c.get('deps'), caller, meeting.id, await readJson(c, MeetingPatchSchema)))
  })
  .delete('/meetings/:id/', async (c) => {
    const { caller, meeting } = await editing(c)
    await deleteMeeting(c.get('deps'), caller, meeting.id)
    return c.body(null, 204)
  })
  .get('/meetings/:id/transcript/', async (c) =>
    c.json(await getTranscript(c.get('deps'), c.get('member').caller, id(c))),
  )
  // The meeting's notes (summary, decisions, action items, participants) as a PDF or Word file.
  .get('/meetings/:id/export/', async (c) => {
    const { caller, organization } = c.get('member')
    const query = readQuery(c, ExportQuerySchema)
    const { meeting, transcript } = await getMeetingNotes(c.get('deps'), caller, id(c))
    return sendReport(c, meetingReport(meeting, transcript, organization.name), query)
  })
  .post('/meetings/:id/convert/', async (c) => {
    const caller = c.get('member').caller
    const meeting = await requireMeeting(c.get('deps'), caller, id(c))
    return c.json(await convertToConversation(c.get('deps'), caller, meeting), 201)
  })
  .get('/meetings/:id/recording/', async (c) => downloadRecording(c.get('deps'), c.get('member').caller, id(c)))
  .post('/meetings/:id/recording/', recordingLimit, async (c) => {
    const { caller, meeting } = await editing(c)
    const deps = c.get('deps')
    const maxBytes = deps.config.MAX_UPLOAD_MB * MB
    const recording = await readRecordingUpload(c.req.raw, deps.files, { maxBytes, maxBodyBytes: maxBytes + MB })
    try {
      return c.json(await saveRecording(deps, caller, meeting, recording), 202)
    } catch (error) {
      if (recording.created) await removeUnusedRecording(deps, recording.key)
      throw error
    }
  })
  .post('/meetings/:id/transcript/', transcriptLimit, async (c) => {
    const { caller, meeting } = await editing(c)
    const upload = await readTranscriptUpload(c.req.raw)
    return c.json(await saveTranscript(c.get('deps'), caller, meeting, upload), 201)
  })
