import { Link, useNavigation } from '@remix-run/react'

import { AnalysisOutcomeView } from '~/components/analysis/analysis-result'
import { AnalysisTypeChoices } from '~/components/analysis/analysis-type-choices'
import { analysisHref, DEFAULT_ANALYSIS_TYPE } from '~/utils/analysis'
import type { DocumentDetailData } from '~/utils/document-detail'

import { PanelGetForm, usePanel } from './panel-context'
import { ProcessingNotice } from './processing-notice'

/**
 * Facts read from the document's own text, and for admins and analysts the four analyses of
 * /analysis (the same engine and result panes), run here with `?tab=analysis&analysis={type}`.
 */
export function InsightsTab({ data }: { data: DocumentDetailData }) {
  const { document, insights, canEdit, canAnalyze } = data
  if (!insights) return <ProcessingNotice document={document} canEdit={canEdit} />
  return (
    <div className="insights">
      <dl className="facts">
        {insights.page_count ? (
          <div>
            <dt>{document.file_type === 'xls' || document.file_type === 'xlsx' ? 'Sheets' : 'Pages'}</dt>
            <dd>{insights.page_count}</dd>
          </div>
        ) : null}
        <div>
          <dt>Words</dt>
          <dd>{insights.word_count.toLocaleString('en-US')}</dd>
        </div>
      </dl>
      <h2>Key terms</h2>
      {insights.sampled ? (
        <p className="muted">
          This document is long: its terms and figures are counted in stretches spread evenly over its text.
        </p>
      ) : null}
      {insights.key_terms.length ? (
        <ul className="term-list">
          {insights.key_terms.map(({ term, count }) => (
            <li key={term}>
              {term} <span className="muted">({count})</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No term appears more than once.</p>
      )}
      <h2>Figures mentioned</h2>
      {insights.figures.length ? (
        <ul className="term-list">
          {insights.figures.map((figure) => (
            <li key={figure}>{figure}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">No amounts, percentages or multiples found.</p>
      )}
      {canAnalyze ? <AnalysisSection data={data} /> : null}
    </div>
  )
}

function AnalysisSection({ data }: { data: DocumentDetailData }) {
  const { document, analysis } = data
  const { path } = usePanel()
  const navigation = useNavigation()
  const type = analysis?.type ?? DEFAULT_ANALYSIS_TYPE
  // On the document's page (the overlay loads its tabs with a fetcher, and says "Loading..." itself).
  const analyzing =
    navigation.state !== 'idle' &&
    navigation.location.pathname === path &&
    new URLSearchParams(navigation.location.search).has('analysis')
  return (
    <section className="insights-analysis" aria-labelledby="insights-analysis-title">
      <h2 id="insights-analysis-title">Document analysis</h2>
      <PanelGetForm className="analysis-form" preventScrollReset>
        <input type="hidden" name="tab" value="analysis" />
        <AnalysisTypeChoices selected={type} name="analysis" idPrefix="insights-analysis-type" />
        <button type="submit" className="button button-primary" disabled={analyzing}>
          {analyzing ? 'Analyzing...' : 'Run Analysis'}
        </button>
      </PanelGetForm>
      {analysis ? <AnalysisOutcomeView outcome={analysis} /> : null}
      <p>
        <Link to={analysisHref(document.id, type, Boolean(analysis?.result))}>Open in Document Analysis</Link>
      </p>
    </section>
  )
}
