import type { DocumentDetailData } from '~/services/document-detail.server'

import { ProcessingNotice } from './processing-notice'

/** Facts read from the document's own text; the analysis feature adds findings and risks later. */
export function InsightsTab({ data }: { data: DocumentDetailData }) {
  const { document, insights, canEdit } = data
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
    </div>
  )
}
