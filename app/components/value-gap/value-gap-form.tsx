import { type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'

import type { ValueGapPayload as ValueGap } from '#api/readiness/value-gap/contract'
import { moneyFigure } from '#shared/figures'
import { shownValue } from '#shared/value-gap'
import { dateDefault, DateField } from '~/components/date-field'
import { type Control, ErrorList, Field, formControls, textInputProps } from '~/components/forms'

import { VALUE_GAP_FIELDS, ValueGapFormSchema } from './schemas'

const FORM_ID = 'value-gap-entries'
const CONSTRAINT = getZodConstraint(ValueGapFormSchema)

/** What the documents state for an override's field, so the advisor knows what a blank leaves in place. */
function documentHelp(gap: ValueGap, key: keyof ValueGap['inputs']) {
  const document = gap.inputs[key].document
  return document
    ? `The documents state ${shownValue(key, document.value)} (${document.source.kind === 'document' ? document.source.title : ''}). Leave blank to use it.`
    : 'The documents state none. Leave blank to enter none.'
}

/**
 * "Set the multiples and rates": every entry in one plain POST form. A field left empty clears its
 * entry; overrides of the documents are optional. Errors, the browser's or the backend's, sit on
 * their fields.
 */
export function ValueGapForm({
  gap,
  lastResult,
}: {
  gap: ValueGap
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const value = (key: keyof ValueGap['entries']) => gap.entries[key]?.value ?? ''
  // Amounts as people write them ("$18,000,000"), which the form reads back as typed.
  const amount = (key: keyof ValueGap['entries']) => (gap.entries[key] ? moneyFigure(value(key)) : '')
  const [form, fields] = useForm({
    id: FORM_ID,
    lastResult,
    defaultValue: {
      multiple_low: value('multiple_low'),
      multiple_mid: value('multiple_mid'),
      multiple_high: value('multiple_high'),
      transaction_cost_percent: value('transaction_cost_percent'),
      tax_percent: value('tax_percent'),
      goal_after_tax: amount('goal_after_tax'),
      target_date: dateDefault(gap.entries.target_date?.value),
      ebitda: amount('ebitda'),
      valuation_low: amount('valuation_low'),
      valuation_high: amount('valuation_high'),
    },
    constraint: CONSTRAINT,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ValueGapFormSchema }),
  })
  const controls = formControls(FORM_ID, form, fields, CONSTRAINT)
  // Each field's control once, where Conform's metadata would be read again for every attribute.
  const control = Object.fromEntries(VALUE_GAP_FIELDS.map((name) => [name, controls.field(name)])) as Record<
    (typeof VALUE_GAP_FIELDS)[number],
    Control
  >
  const text = (field: Control) => ({ ...textInputProps(field), inputMode: 'decimal' as const, autoComplete: 'off' })
  return (
    <section aria-labelledby="value-gap-form-heading" className="value-gap-form card">
      <h3 id="value-gap-form-heading">Set the multiples and rates</h3>
      <Form method="post" {...controls.props} className="form">
        <ErrorList id={controls.errorId} errors={controls.errors} />
        <p className="field-help">Amounts in dollars, written as you would: 18,000,000, $18M or 250k.</p>
        <fieldset>
          <legend>Multiples of normalized EBITDA</legend>
          <p className="field-help">Entered multiples take precedence over a stated valuation range.</p>
          <div className="value-gap-row">
            <Field label="Multiple, low" inputProps={text(control.multiple_low)} errors={control.multiple_low.errors} />
            <Field label="Multiple, mid" inputProps={text(control.multiple_mid)} errors={control.multiple_mid.errors} />
            <Field
              label="Multiple, high"
              inputProps={text(control.multiple_high)}
              errors={control.multiple_high.errors}
            />
          </div>
        </fieldset>
        <fieldset>
          <legend>Rates</legend>
          <div className="value-gap-row">
            <Field
              label="Transaction costs (%)"
              inputProps={text(control.transaction_cost_percent)}
              errors={control.transaction_cost_percent.errors}
              help="Of the sale price: 6.5 for 6.5%."
            />
            <Field
              label="Tax (%)"
              inputProps={text(control.tax_percent)}
              errors={control.tax_percent.errors}
              help="On the proceeds after costs."
            />
          </div>
        </fieldset>
        <fieldset>
          <legend>The owner&rsquo;s goal</legend>
          <div className="value-gap-row">
            <Field
              label="Goal after tax ($)"
              inputProps={text(control.goal_after_tax)}
              errors={control.goal_after_tax.errors}
              help={documentHelp(gap, 'goal_after_tax')}
            />
            <DateField label="Target date" control={control.target_date} help={documentHelp(gap, 'target_date')} />
          </div>
        </fieldset>
        <fieldset>
          <legend>Overrides of the documents (optional)</legend>
          <div className="value-gap-row">
            <Field
              label="Reported EBITDA ($)"
              inputProps={text(control.ebitda)}
              errors={control.ebitda.errors}
              help={documentHelp(gap, 'ebitda')}
            />
            <Field
              label="Valuation, low ($)"
              inputProps={text(control.valuation_low)}
              errors={control.valuation_low.errors}
              help={documentHelp(gap, 'valuation_low')}
            />
            <Field
              label="Valuation, high ($)"
              inputProps={text(control.valuation_high)}
              errors={control.valuation_high.errors}
              help={documentHelp(gap, 'valuation_high')}
            />
          </div>
        </fieldset>
        <button type="submit" className="button-primary">
          Save the value gap inputs
        </button>
      </Form>
    </section>
  )
}
