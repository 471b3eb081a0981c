import { useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'

import type { AssessmentQuestionPayload as AssessmentQuestion } from '#api/readiness/assessment/contract'
import { driverOfQuestion } from '#shared/readiness'
import { ErrorList, formControls, TextareaField, textareaProps } from '~/components/forms'
import { useDates } from '~/components/use-dates'

import { ProposalBox } from './proposal-box'
import { answerLineId, AnswerSchema, type LastSubmission } from './schemas'

const SCORES = [1, 2, 3, 4, 5] as const
const CONSTRAINT = getZodConstraint(AnswerSchema)

/** Who answered and when, and whether the answer was a proposal accepted. */
/** The question's stored answer: where a save or an acceptance returns to (its id, answerLineId). */
function AnswerLine({
  questionKey,
  answer,
}: {
  questionKey: string
  answer: NonNullable<AssessmentQuestion['answer']>
}) {
  const { formatDate } = useDates()
  return (
    <p id={answerLineId(questionKey)} className="assessment-answered">
      Answered {answer.score} by {answer.by} on {formatDate(answer.at)}
      {answer.origin.kind === 'proposal' ? (
        <>
          , accepted from the documents
          {answer.origin.document ? (
            <>
              {' '}
              (
              <a href={`/documents/${answer.origin.document.id}`}>
                {answer.origin.document.title ?? 'a document since removed'}
              </a>
              )
            </>
          ) : null}
          : {answer.origin.evidence}
        </>
      ) : (
        '.'
      )}
    </p>
  )
}

/** One question for an editor: the 1–5 choice with its anchors in words, a note, Save; then the proposal. */
function AnswerForm({ question, last }: { question: AssessmentQuestion; last: LastSubmission | undefined }) {
  const formId = `answer-${question.key}`
  const [form, fields] = useForm({
    id: formId,
    lastResult: last?.intent === 'answer' && last.key === question.key ? last.result : undefined,
    defaultValue: {
      key: question.key,
      score: question.answer ? String(question.answer.score) : '',
      note: question.answer?.note ?? '',
    },
    constraint: CONSTRAINT,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AnswerSchema }),
  })
  const controls = formControls(formId, form, fields, CONSTRAINT)
  const score = controls.field('score')
  const note = controls.field('note')
  const scoreAria = score.errors ? { 'aria-invalid': true, 'aria-describedby': score.errorId } : {}
  return (
    // Without JavaScript a refused answer comes back at its question, not at the top of the page.
    <Form
      method="post"
      action={`?driver=${driverOfQuestion(question.key)}&index#q-${question.key}`}
      {...controls.props}
      className="assessment-form"
    >
      <input type="hidden" name="intent" value="answer" />
      {/* The question's key is no field to fill in: it has no errors of its own to show, nor an id. */}
      <input type="hidden" name="key" value={question.key} />
      <fieldset aria-describedby={controls.errors?.length ? controls.errorId : undefined}>
        <legend>{question.text}</legend>
        <ErrorList id={controls.errorId} errors={controls.errors} />
        <div className="assessment-scale">
          {SCORES.map((value) => {
            const id = `${score.props.id}-${value}`
            const anchor = value === 1 ? question.low : value === 5 ? question.high : null
            return (
              <label key={value} htmlFor={id} className="assessment-choice">
                <input
                  type="radio"
                  {...score.props}
                  {...scoreAria}
                  id={id}
                  value={value}
                  defaultChecked={score.value === String(value)}
                />
                <span>
                  <strong>{value}</strong>
                  {anchor ? <span className="assessment-anchor"> {anchor}</span> : null}
                </span>
              </label>
            )
          })}
        </div>
        <ErrorList id={score.errorId} errors={score.errors} />
        <TextareaField
          label="Note (optional)"
          textareaProps={{ ...textareaProps(note), rows: 2 }}
          errors={note.errors}
        />
        <button type="submit" className="button-primary">
          Save<span className="visually-hidden"> the answer to: {question.text}</span>
        </button>
      </fieldset>
    </Form>
  )
}

/** A question as a member reads it: the answer and note, no form. */
function AnswerReadOnly({ question }: { question: AssessmentQuestion }) {
  return (
    <>
      <h4 className="assessment-question-text">{question.text}</h4>
      <p className="field-help">
        1: {question.low} 5: {question.high}
      </p>
      {question.answer ? (
        <p>
          <strong>{question.answer.score} of 5</strong>
          {question.answer.note ? <> &mdash; {question.answer.note}</> : null}
        </p>
      ) : (
        <p>Not answered.</p>
      )}
    </>
  )
}

export function QuestionCard({
  question,
  canEdit,
  last,
}: {
  question: AssessmentQuestion
  canEdit: boolean
  last: LastSubmission | undefined
}) {
  return (
    <li id={`q-${question.key}`} className="assessment-question card">
      {canEdit ? (
        // A new stored answer (saved, or accepted from a proposal) starts the form again from it.
        <AnswerForm key={question.answer?.at ?? 'none'} question={question} last={last} />
      ) : (
        <AnswerReadOnly question={question} />
      )}
      {question.answer ? <AnswerLine questionKey={question.key} answer={question.answer} /> : null}
      <ProposalBox question={question} canEdit={canEdit} last={last} />
    </li>
  )
}
