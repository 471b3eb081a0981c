import { Hono } from 'hono'

import { currentMember, type MemberContext, type MemberEnv } from '../auth/access'
import { requireCaller } from '../auth/middleware'
import { ExportQuerySchema } from '../exports/formats'
import { sendReport } from '../exports/respond'
import { eventStream } from '../kernel/event-stream'
import { HttpError } from '../kernel/http-error'
import { readJson, readQuery } from '../kernel/validation'
import { conversationId, requireConversation } from './access'
import { conversationPayload } from './payload'
import { conversationReport } from './report'
import {
  ConversationsQuerySchema,
  CreateConversationSchema,
  MessageSchema,
  MessagesQuerySchema,
  RenameConversationSchema,
} from './schema'
import {
  createConversation,
  deleteConversation,
  listConversations,
  listMessages,
  messagePage,
  renameConversation,
} from './service'
import { ANSWER_FAILED, answerTurn, startTurn } from './turns'

const id = (c: MemberContext) => conversationId(c.req.param('id'))

/** Reads the body and saves the question; errors here are plain JSON answers, before any stream. */
async function turnOf(c: MemberContext) {
  const caller = c.get('member').caller
  const conversation = id(c)
  const { content } = await readJson(c, MessageSchema)
  return startTurn(c.get('deps'), caller, conversation, content)
}

/** Spec §7 "Conversations": the caller's own chats in their current organization. */
export const conversationRoutes = new Hono<MemberEnv>()
  .use('/conversations/*', requireCaller, currentMember)
  .use('/conversations', requireCaller, currentMember)
  .get('/conversations/', async (c) => {
    const query = readQuery(c, ConversationsQuerySchema)
    return c.json(await listConversations(c.get('deps'), c.get('member').caller, query))
  })
  .post('/conversations/', async (c) => {
    const caller = c.get('member').caller
    return c.json(await createConversation(c.get('deps'), caller, await readJson(c, CreateConversationSchema)), 201)
  })
  // Asked with a page of its messages (the query of GET messages/), the conversation brings it: the
  // chat page reads both in one call (docs/decisions/088).
  .get('/conversations/:id/', async (c) => {
    const query = readQuery(c, MessagesQuerySchema)
    const conversation = conversationPayload(await requireConversation(c.get('deps'), c.get('member').caller, id(c)))
    if (Object.keys(query).length === 0) return c.json(conversation)
    return c.json({ ...conversation, messages: await messagePage(c.get('deps'), conversation.id, query) })
  })
  .patch('/conversations/:id/', async (c) => {
    const caller = c.get('member').caller
    const { title } = await readJson(c, RenameConversationSchema)
    return c.json(await renameConversation(c.get('deps'), caller, id(c), title))
  })
  .delete('/conversations/:id/', async (c) => {
    await deleteConversation(c.get('deps'), c.get('member').caller, id(c))
    return c.body(null, 204)
  })
  .get('/conversations/:id/messages/', async (c) => {
    const query = readQuery(c, MessagesQuerySchema)
    return c.json(await listMessages(c.get('deps'), c.get('member').caller, id(c), query))
  })
  // The conversation as a PDF or Word file for the client, with its sources numbered.
  .get('/conversations/:id/export/', async (c) => {
    const { caller, organization } = c.get('member')
    const conversation = await requireConversation(c.get('deps'), caller, id(c))
    const query = readQuery(c, ExportQuerySchema)
    const messages = await listMessages(c.get('deps'), caller, conversation.id)
    return sendReport(c, conversationReport(conversationPayload(conversation), messages, organization.name), query)
  })
  // The whole answer at once: for clients that do not stream, and the chat page without JavaScript.
  .post('/conversations/:id/add_message/', async (c) => {
    const turn = await turnOf(c)
    for await (const event of answerTurn(c.get('deps'), turn, c.req.raw.signal)) {
      if (event.type === 'metadata') return c.json(event.message, 201)
      if (event.type === 'error') throw new HttpError(503, { detail: event.error })
    }
    throw new HttpError(503, { detail: ANSWER_FAILED })
  })
  .post('/conversations/:id/add_message_streaming/', async (c) => {
    const turn = await turnOf(c)
    const stop = new AbortController()
    return c.body(eventStream(answerTurn(c.get('deps'), turn, stop.signal), stop, c.req.raw.signal), 200, {
      'Content-Type': 'text/event-stream',
      // Someone's own answer: no cache may keep it (no-cache would let one keep it and revalidate).
      'Cache-Control': 'no-store',
    })
  })
