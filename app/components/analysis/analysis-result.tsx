import { sourcePlace } from '#shared/analysis'
import { passageHref } from '#shared/cells'
import { ExportLinks } from '~/components/export-links'
import { useDates } from '~/components/use-dates'
import {
  type AnalysisOutcome,
  type AnalysisResult,
  type AnalysisSource,
  exportHref,
  type FindingsResult,
  type RecommendationsResult,
  type RisksResult,
  type SummaryResult,
} from '~/utils/analysis'

type Heading = 'h2' | 'h3'

/**
 * What a run came to, wherever it ran (/analysis and the document panel's Analysis & Insights tab):
 * the result, each item linked to the passage it comes from, or the spec's failure message with
 * the backend's reason.
 */
export function AnalysisOutcomeView({ outcome, heading = 'h3' }: { outcome: AnalysisOutcome; heading?: Heading }) {
  if (outcome.error) {
    return (
      <div className="alert alert-error" role="alert">
        <p>{outcome.error.message}</p>
        {outcome.error.detail ? <p>{outcome.error.detail}</p> : null}
      </div>
    )
  }
  return <AnalysisResultPane result={outcome.result} heading={heading} />
}

export function AnalysisResultPane({ result, heading: Title = 'h3' }: { result: AnalysisResult; heading?: Heading }) {
  const { formatDateTime } = useDates()
  const titleId = `analysis-result-${result.type}`
  return (
    <section className="analysis-result" aria-labelledby={titleId}>
      <div className="analysis-result-header">
        <div>
          <Title id={titleId} className="analysis-result-title">
            {result.title}
          </Title>
          <p className="muted analysis-result-meta">
            {result.generated_by === 'llm' ? 'Written by the language model from' : 'Drawn from the text of'} “
            {result.document_title}” on <time dateTime={result.created_at}>{formatDateTime(result.created_at)}</time>
          </p>
        </div>
        <ExportLinks
          label={`Download ${result.title}`}
          href={(format) => exportHref(result.document_id, result.type, format)}
          formats={['pdf', 'docx', 'md']}
        />
      </div>
      {result.type === 'summary' ? <SummaryPane result={result} /> : null}
      {result.type === 'key-findings' ? <FindingsPane result={result} /> : null}
      {result.type === 'risks' ? <RisksPane result={result} /> : null}
      {result.type === 'recommendations' ? <RecommendationsPane result={result} /> : null}
    </section>
  )
}

/** Where in the document a passage is: its row and column, page or sheet; "Passage" for text without any. */
const locationOf = (source: AnalysisSource) => sourcePlace(source) ?? 'Passage'

/** A link to the item's passage; its name says which item it is the source of, as several share a page. */
function SourceLink({ documentId, source, of }: { documentId: number; source: AnalysisSource; of: string }) {
  return (
    <a href={passageHref(documentId, source.chunk_id)} className="analysis-source-link">
      {locationOf(source)}
      <span className="visually-hidden"> (source of {of})</span>
    </a>
  )
}

function SourceLine({ documentId, source, of }: { documentId: number; source: AnalysisSource; of: string }) {
  return (
    <p className="analysis-source">
      Source: <SourceLink documentId={documentId} source={source} of={of} />
    </p>
  )
}

function SummaryPane({ result }: { result: SummaryResult }) {
  if (result.sentences.length === 0) return <p className="analysis-summary">{result.content}</p>
  return (
    <p className="analysis-summary">
      {result.sentences.map((sentence, index) => (
        <span key={`${sentence.source.chunk_id}-${index}`}>
          {sentence.text}{' '}
          <span className="analysis-cite">
            (<SourceLink documentId={result.document_id} source={sentence.source} of={`sentence ${index + 1}`} />)
          </span>{' '}
        </span>
      ))}
    </p>
  )
}

function FindingsPane({ result }: { result: FindingsResult }) {
  if (result.findings.length === 0)
    return <p className="muted">No findings: the text states no figures or facts to report.</p>
  return (
    <ul className="analysis-items">
      {result.findings.map((finding, index) => (
        <li key={`${finding.source.chunk_id}-${index}`} className="analysis-item">
          <p>{finding.text}</p>
          <SourceLine documentId={result.document_id} source={finding.source} of={`finding ${index + 1}`} />
        </li>
      ))}
    </ul>
  )
}

function RisksPane({ result }: { result: RisksResult }) {
  if (result.risks.length === 0) return <p className="muted">No risks found: the text gives no evidence of any.</p>
  return (
    <div className="analysis-table-wrap">
      <table className="table analysis-risks">
        <caption className="visually-hidden">Risks found in {result.document_title}</caption>
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col">Risk Level</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {result.risks.map((risk, index) => (
            <tr key={`${risk.source.chunk_id}-${index}`}>
              <td>{risk.category}</td>
              <td>
                <span className={`risk-badge risk-${risk.level.toLowerCase()}`}>{risk.level}</span>
              </td>
              <td>
                <p className="analysis-risk-description">{risk.description}</p>
                {risk.evidence ? (
                  <blockquote className="analysis-evidence">
                    <p>{risk.evidence}</p>
                  </blockquote>
                ) : null}
                <SourceLine documentId={result.document_id} source={risk.source} of={`risk ${index + 1}`} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function RecommendationsPane({ result }: { result: RecommendationsResult }) {
  if (result.recommendations.length === 0)
    return <p className="muted">No recommendations: the text shows no risk or gap to act on.</p>
  return (
    <ol className="analysis-items analysis-recommendations">
      {result.recommendations.map((recommendation, index) => (
        <li key={index} className="analysis-item">
          <p>{recommendation.text}</p>
          {recommendation.addresses.length ? (
            <p className="analysis-addresses">Addresses: {recommendation.addresses.join(', ')}</p>
          ) : null}
          {recommendation.source ? (
            <SourceLine
              documentId={result.document_id}
              source={recommendation.source}
              of={`recommendation ${index + 1}`}
            />
          ) : null}
        </li>
      ))}
    </ol>
  )
}
