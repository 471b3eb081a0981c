import type { ValueGapPayload as ValueGap } from '#api/readiness/value-gap/contract'
import { CASE_LABELS, GAP_ROW, VALUE_GAP_ROWS } from '#shared/value-gap'

type Result = NonNullable<ValueGap['result']>

/** The three cases side by side, every figure exactly as computed, and the working folded below. */
export function ValueGapResult({ result, basisText }: { result: Result; basisText: string | null }) {
  return (
    <section aria-labelledby="value-gap-result-heading" className="value-gap-result card">
      <h3 id="value-gap-result-heading">What a sale would leave the owner</h3>
      <div className="table-scroll" role="region" tabIndex={0} aria-label="Value gap, low, mid and high">
        <table className="value-gap-table stack-table">
          <caption className="visually-hidden">Low, mid and high cases of the value gap</caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Figure</span>
              </th>
              {result.scenarios.map((scenario) => (
                <th scope="col" key={scenario.case}>
                  {CASE_LABELS[scenario.case]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {VALUE_GAP_ROWS.map(([label, cell]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {result.scenarios.map((scenario) => (
                  <td
                    key={scenario.case}
                    data-label={CASE_LABELS[scenario.case]}
                    data-outcome={label === GAP_ROW ? scenario.outcome : undefined}
                  >
                    {cell(scenario, result.goal)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <details className="value-gap-working">
        <summary>How this is worked out</summary>
        {basisText ? <p>Valuation basis: {basisText}</p> : null}
        {result.normalized_ebitda ? <p>{result.normalized_ebitda.working}</p> : null}
        {result.scenarios.map((scenario) => (
          <div key={scenario.case}>
            <h4>{CASE_LABELS[scenario.case]} case</h4>
            <ol>
              {scenario.working.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </div>
        ))}
        <p className="field-help">
          Left out on purpose: debt and cash, the owner&rsquo;s tax basis and deal structure (earn-outs, seller notes).
          Nothing is rounded.
        </p>
      </details>
    </section>
  )
}
