import OpenAI from 'openai'

/**
 * A client of an OpenAI-compatible server (OpenAI, Ollama, vLLM, llama.cpp, TEI). Organization and
 * project are null: OPENAI_ORG_ID and OPENAI_PROJECT_ID in the environment belong to other tools and
 * must not travel as headers to a self-hosted server. Servers without keys are sent a placeholder.
 */
export function openAiClient({
  baseURL,
  apiKey,
  timeoutMs,
  maxRetries,
}: {
  baseURL: string
  apiKey: string | undefined
  timeoutMs: number
  maxRetries: number
}) {
  return new OpenAI({
    baseURL,
    apiKey: apiKey ?? 'not-needed',
    organization: null,
    project: null,
    timeout: timeoutMs,
    maxRetries,
  })
}
