import type { ApiConfig } from '../../kernel/config'
import { extractiveAnswers } from './extractive'
import type { AnswerProvider } from './provider'

/** The provider the settings name; the OpenAI SDK is loaded only when it is the one. */
export async function createAnswerProvider(config: ApiConfig): Promise<AnswerProvider> {
  if (config.ANSWER_PROVIDER !== 'openai') return extractiveAnswers()
  const { openAiAnswers } = await import('./openai')
  return openAiAnswers(config)
}
