import { changeWords } from '../../../shared/readiness'
import { dayIn } from '../../../shared/time-zones'
import { type Block, citeMarks, paragraph, type referenceList } from '../../exports/report'
import type { AssessmentPayload } from '../assessment/contract'

/**
 * The readiness assessment: the overall score, the drivers weakest first, then every answer with
 * its note, an accepted proposal citing the document its evidence was read in. Its dates are on the
 * calendar of `zone`, the reader's.
 */
export function assessmentBlocks(
  assessment: AssessmentPayload,
  { cite }: ReturnType<typeof referenceList>,
  zone: string,
): Block[] {
  const { overall } = assessment
  const blocks: Block[] = [{ kind: 'heading', text: 'Readiness assessment' }]
  if (!overall.display) return [...blocks, paragraph('No question of the assessment has been answered yet.')]
  const since = assessment.change_since ? ` since the assessment completed ${dayIn(assessment.change_since, zone)}` : ''
  blocks.push(
    paragraph(
      `Overall ${overall.display} of 5${overall.change ? `, ${changeWords(overall.change)}${since}` : ''}: ` +
        `${overall.drivers_answered} of ${overall.drivers} drivers answered ` +
        `(${overall.questions_answered} of ${overall.questions} questions). ` +
        'Each question is scored 1 to 5; a driver scores the mean of its answered questions.',
    ),
    {
      kind: 'table',
      header: ['Driver, weakest first', 'Score', 'Change'],
      rows: assessment.drivers.map((driver) => [
        driver.name,
        driver.display ?? 'Not answered',
        driver.change ? changeWords(driver.change) : '—',
      ]),
    },
  )
  for (const section of assessment.sections) {
    const answered = section.questions.filter((question) => question.answer)
    if (!answered.length) continue
    blocks.push({
      kind: 'table',
      header: [section.name, 'Score', 'Why'],
      rows: answered.map(({ text, answer }) => {
        const { origin } = answer!
        const why =
          origin.kind === 'proposal'
            ? `From the documents: ${origin.evidence}${origin.document?.title ? ` ${citeMarks([cite({ document: origin.document.title, location: null, quote: null })])}` : ''}`
            : `Entered by ${answer!.by}`
        return [text, String(answer!.score), answer!.note ? `${why}. Note: ${answer!.note}` : why]
      }),
    })
  }
  if (assessment.history.length)
    blocks.push(
      paragraph(
        `Completed assessments: ${assessment.history
          .map((past) => `${dayIn(past.completed_at, zone)} by ${past.completed_by}, ${past.overall ?? 'not scored'}`)
          .join('; ')}.`,
      ),
    )
  return blocks
}
