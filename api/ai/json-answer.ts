import { log } from '../../runtime/log'
import type { ApiConfig } from '../kernel/config'

/** An answer from the model that cannot be used; the message says why, for the log. */
export class UnusableAnswer extends Error {}

export interface JsonAnswerRequest<T> {
  /** Who asks and for what, opening the log line: "[analysis] risks", "[meetings] insights". */
  label: string
  /** What stands instead when the answer is not used, for the log line. */
  instead: string
  system: string
  user: string
  timeoutMs: number
  /** Makes the result of the parsed object; throws UnusableAnswer for anything it cannot use. */
  check: (answer: unknown) => T
}

/**
 * One JSON object from the configured OpenAI-compatible chat model (temperature 0, JSON mode, no
 * retries: every caller has an offline answer, and a retry would only keep its user waiting), made
 * into a result by `check`. Null, with one line logged, when the server fails or answers anything
 * `check` refuses.
 */
export async function askForJson<T>(config: ApiConfig, request: JsonAnswerRequest<T>): Promise<T | null> {
  const { LLM_BASE_URL: baseURL, LLM_MODEL: model, LLM_API_KEY: apiKey } = config
  if (!baseURL || !model) return null
  const { timeoutMs } = request
  // Loaded here only: the server bundle splits at dynamic imports, keeping the SDK out of
  // processes that never call a model.
  const [{ openAiClient }, { describeFailure, describeServer }] = await Promise.all([
    import('./openai-client'),
    import('./openai-failures'),
  ])
  const signal = AbortSignal.timeout(timeoutMs)
  try {
    const client = openAiClient({ baseURL, apiKey, timeoutMs, maxRetries: 0 })
    const completion = await client.chat.completions.create(
      {
        model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: request.system },
          { role: 'user', content: request.user },
        ],
      },
      { signal },
    )
    const content = completion.choices[0]?.message?.content
    if (!content?.trim()) throw new UnusableAnswer('sent an empty answer')
    return request.check(parseJson(content))
  } catch (error) {
    const reason =
      error instanceof UnusableAnswer
        ? error.message
        : signal.aborted
          ? `no answer within ${timeoutMs / 1000} s (request timed out)`
          : describeFailure(error)
    const safe = apiKey ? reason.replaceAll(apiKey, '[redacted]') : reason
    log.warn(`${request.label} from ${describeServer(baseURL)} (model ${model}) not used, ${request.instead}: ${safe}`)
    return null
  }
}

function parseJson(content: string): unknown {
  // Some servers fence the object in markdown even when asked for JSON.
  const bare = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '')
  try {
    return JSON.parse(bare)
  } catch (error) {
    throw new UnusableAnswer(`sent a malformed answer (not JSON): ${(error as Error).message.slice(0, 200)}`)
  }
}
