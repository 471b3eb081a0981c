import type { SubmissionResult } from '@conform-to/react'

import type { ValueGapPayload as ValueGap } from '#api/readiness/value-gap/contract'

import { ValueGapForm } from './value-gap-form'
import { ValueGapInputs } from './value-gap-inputs'
import { ValueGapResult } from './value-gap-result'

/** The value gap tab: the result first (or what it still needs), then the inputs, then the form. */
export function ValueGapSection({
  gap,
  lastResult,
}: {
  gap: ValueGap
  lastResult: SubmissionResult<string[]> | undefined
}) {
  return (
    <section aria-labelledby="value-gap-heading" className="value-gap">
      <h2 id="value-gap-heading">Value gap</h2>
      {gap.result ? (
        <ValueGapResult result={gap.result} basisText={gap.basis_text} />
      ) : (
        <div className="value-gap-needed card" id="value-gap-needed">
          <h3>Not enough is known yet</h3>
          {gap.problems.length ? (
            <>
              <p>The inputs do not add up to a value gap:</p>
              <ul>
                {gap.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </>
          ) : (
            <>
              <p>The gap is worked out once these are known:</p>
              <ul>
                {gap.needed.map((need) => (
                  <li key={need}>{need}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      <ValueGapInputs gap={gap} />
      {gap.can_edit ? <ValueGapForm gap={gap} lastResult={lastResult} /> : null}
    </section>
  )
}
