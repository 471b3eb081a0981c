import type {
  ValueGapInputPayload as ValueGapInput,
  ValueGapPayload as ValueGap,
} from '#api/readiness/value-gap/contract'
import { shownValue } from '#shared/value-gap'

import { SourceText } from './source'

// The order an advisor reads them in: what the owner needs, what the business earns, what it is worth, the rates.
const ORDER: Array<keyof ValueGap['inputs']> = [
  'goal_after_tax',
  'target_date',
  'ebitda',
  'valuation_low',
  'valuation_mid',
  'valuation_high',
  'multiple_low',
  'multiple_mid',
  'multiple_high',
  'transaction_cost_percent',
  'tax_percent',
]

function InputRow({ input }: { input: ValueGapInput }) {
  return (
    <li className="value-gap-input" id={`input-${input.key}`}>
      <span className="value-gap-input-name">{input.label}:</span>{' '}
      {input.value !== null && input.source ? (
        <>
          <strong>{shownValue(input.key, input.value)}</strong>{' '}
          <span className="value-gap-source">
            (<SourceText source={input.source} />)
          </span>
          {input.overrides_document && input.document ? (
            <span className="value-gap-overridden">
              {' '}
              This entry overrides the document, which states {shownValue(input.key, input.document.value)} (
              <SourceText source={input.document.source} />
              ).
            </span>
          ) : null}
        </>
      ) : (
        <span className="value-gap-missing">Missing: {input.reason}</span>
      )}
    </li>
  )
}

/** Every input as used, each with where it came from, and the add-backs that normalize EBITDA. */
export function ValueGapInputs({ gap }: { gap: ValueGap }) {
  const { add_backs: addBacks } = gap
  return (
    <section aria-labelledby="value-gap-inputs-heading" className="value-gap-inputs card">
      <h3 id="value-gap-inputs-heading">The inputs and where each comes from</h3>
      <ul className="value-gap-input-list">
        {ORDER.map((key) => (
          <InputRow key={key} input={gap.inputs[key]} />
        ))}
      </ul>
      <h4>Add-backs</h4>
      {addBacks.items.length ? (
        <>
          <ul className="value-gap-input-list">
            {addBacks.items.map((item) => (
              <li key={item.label} className="value-gap-input">
                <span className="value-gap-input-name">{item.label}:</span>{' '}
                <strong>{shownValue('', item.value)}</strong>{' '}
                <span className="value-gap-source">
                  (<SourceText source={item.source} />)
                </span>
              </li>
            ))}
          </ul>
          <p className="field-help">
            {addBacks.used
              ? 'Added to reported EBITDA, each with its sign, to normalize it.'
              : 'Used only when the valuation is worked from EBITDA and multiples.'}
          </p>
        </>
      ) : (
        <p className="value-gap-missing">
          Missing: {addBacks.reason} {addBacks.used ? 'EBITDA is used as reported.' : ''}
        </p>
      )}
    </section>
  )
}
