import { Hono } from 'hono'

import { currentMember, type MemberContext, type MemberEnv } from '../../auth/access'
import { requireCaller } from '../../auth/middleware'
import { readJson } from '../../kernel/validation'
import { questionOf, requireAssessor } from './access'
import { answerSchema } from './schema'
import { acceptProposal, answerQuestion, completeAssessment, getAssessment } from './service'

/** Permission first, then the question, then the body: as DRF orders them. */
async function answering(c: MemberContext) {
  const { caller, organization } = c.get('member')
  requireAssessor(caller)
  return { caller, generation: organization.searchGeneration, question: questionOf(c.req.param('key')) }
}

/** Issue 34 item 1: the readiness assessment of the caller's current organization. */
export const assessmentRoutes = new Hono<MemberEnv>()
  .use('/assessment/*', requireCaller, currentMember)
  .use('/assessment', requireCaller, currentMember)
  .get('/assessment/', async (c) => {
    const { caller, organization } = c.get('member')
    return c.json(await getAssessment(c.get('deps'), caller, organization.searchGeneration))
  })
  .put('/assessment/answers/:key/', async (c) => {
    const { caller, question } = await answering(c)
    const input = await readJson(c, answerSchema(question))
    return c.json(await answerQuestion(c.get('deps'), caller, question.key, input))
  })
  .post('/assessment/answers/:key/accept/', async (c) => {
    const { caller, generation, question } = await answering(c)
    return c.json(await acceptProposal(c.get('deps'), caller, generation, question.key))
  })
  .post('/assessment/complete/', async (c) => {
    const caller = c.get('member').caller
    requireAssessor(caller)
    return c.json(await completeAssessment(c.get('deps'), caller))
  })
