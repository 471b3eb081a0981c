import { type Outcome, scoreAdvisorAnswer } from './advisor-score'
import { askStreaming } from './ask'
import type { scratchBackend } from './beir-corpus'
import { type FieldRead, type ReadinessGold, scoreReadiness } from './readiness-read'
import type { GeneratedQuestion } from './sale-file'

type Scratch = Awaited<ReturnType<typeof scratchBackend>>

/** A sale file to read: its files (with the format and layout families they were made in), questions and gold. */
export interface SaleFileInput {
  label: string
  files: Array<{ name: string; bytes: Uint8Array<ArrayBuffer>; format: string; families: string[] }>
  questions: GeneratedQuestion[]
  readiness: ReadinessGold | null
}

export interface Asked {
  label: string
  question: GeneratedQuestion
  answer: string
  outcome: Outcome
  firstChunkMs: number
  /** The fact layer's strategy that answered (from the saved working), or null for passages. */
  strategy: string | null
  /** Formats and layout families of the files the question's operands come from. */
  formats: string[]
  families: string[]
}

/**
 * Uploads a sale file to a fresh organization through the real pipeline, asks every question
 * through the streaming chat API, then reads the readiness pages, scoring each.
 */
export async function readSaleFile(scratch: Scratch, { label, files, questions, readiness }: SaleFileInput) {
  const workspace = await scratch.organization(`Advisor evaluation, ${label}`)
  const { backend, scoped } = workspace
  const started = performance.now()
  for (const file of files) {
    const body = new FormData()
    body.append('title', file.name)
    body.append('file', new Blob([file.bytes]), file.name)
    await scoped(backend.api, '/documents/', { method: 'POST', body })
  }
  await backend.worker!.idle()
  const { results: documents } = await scoped(backend.api, '/documents/?page_size=100')
  const failed = (
    documents as Array<{ title: string; processing_status: string; failure_reason: string | null }>
  ).filter((document) => document.processing_status !== 'processed')
  const seconds = (performance.now() - started) / 1000

  const byName = new Map(files.map((file) => [file.name, file]))
  const asked: Asked[] = []
  for (const question of questions) {
    const { content, firstChunkMs, strategy } = await askStreaming(
      workspace,
      question.question,
      undefined,
      question.follows,
    )
    const sources = question.source.flatMap((name) => byName.get(name) ?? [])
    asked.push({
      label,
      question,
      answer: content,
      outcome: scoreAdvisorAnswer(content, question),
      firstChunkMs,
      strategy,
      formats: [...new Set(sources.map((file) => file.format))],
      families: [...new Set(sources.flatMap((file) => file.families))],
    })
  }
  const reads: Array<FieldRead & { label: string }> = readiness
    ? (await scoreReadiness(workspace, readiness)).map((read) => ({ ...read, label }))
    : []
  return { files: files.length, failed, seconds, asked, reads }
}
