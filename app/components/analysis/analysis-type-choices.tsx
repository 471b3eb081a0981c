import { ANALYSIS_TYPES, type AnalysisType } from '~/utils/analysis'

/**
 * The four analysis types as radio buttons (spec §2): one Tab stop, arrow keys move between them.
 * Keyed by the choice in the URL, so Back and Forward show the type of the page they return to.
 */
export function AnalysisTypeChoices({
  selected,
  name = 'type',
  idPrefix = 'analysis-type',
}: {
  selected: AnalysisType
  name?: string
  idPrefix?: string
}) {
  return (
    <fieldset className="analysis-types" key={selected}>
      <legend>Analysis type</legend>
      <div className="analysis-type-options">
        {ANALYSIS_TYPES.map((choice) => (
          <label key={choice.value} className="analysis-type" htmlFor={`${idPrefix}-${choice.value}`}>
            <input
              type="radio"
              id={`${idPrefix}-${choice.value}`}
              name={name}
              value={choice.value}
              defaultChecked={choice.value === selected}
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
