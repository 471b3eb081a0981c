import { type Source, sourcePlace } from '../../shared/analysis'
import { literalMarkdown as literal } from '../kernel/literal-markdown'
import type { AnalysisPayload } from './contract'

const GENERATED_BY = {
  offline: 'computed from the document’s text (offline analysis)',
  llm: 'written by a language model from the document’s passages',
} as const

/**
 * An analysis as a Markdown file for the advisor's report: the result, each item marked [n], and a
 * Sources section giving for each n the page or sheet and the words quoted. Every text that comes
 * from the document or its title is written literally (../literal-markdown): opened in a Markdown
 * viewer, a document's `<script>`, image or link shows as the text it is.
 */
export function analysisMarkdown(analysis: AnalysisPayload): string {
  const sources: Source[] = []
  const cite = (source: Source | null) => {
    if (!source) return ''
    let index = sources.findIndex((known) => known.chunk_id === source.chunk_id && known.quote === source.quote)
    if (index < 0) index = sources.push(source) - 1
    return ` [${index + 1}]`
  }
  const lines = [
    `# ${analysis.title}: ${literal(analysis.document_title)}`,
    '',
    `Document: ${literal(analysis.document_title)} (document id ${analysis.document_id}, version id ${analysis.version_id})  `,
    `Created: ${analysis.created_at}, ${GENERATED_BY[analysis.generated_by]}`,
    '',
  ]
  switch (analysis.type) {
    case 'summary':
      lines.push(
        analysis.sentences.length
          ? analysis.sentences.map((sentence) => `${literal(sentence.text)}${cite(sentence.source)}`).join(' ')
          : 'The document has no text to summarise.',
      )
      break
    case 'key-findings':
      if (!analysis.findings.length) lines.push('The document states no facts or figures to report.')
      analysis.findings.forEach((finding, index) =>
        lines.push(`${index + 1}. ${literal(finding.text)}${cite(finding.source)}`),
      )
      break
    case 'risks':
      if (!analysis.risks.length) {
        lines.push('The document states no risks.')
        break
      }
      // The evidence of each risk is its source's quote, listed under Sources.
      lines.push('| Category | Risk Level | Description |', '| --- | --- | --- |')
      for (const risk of analysis.risks)
        lines.push(`| ${literal(risk.category)} | ${risk.level} | ${literal(risk.description)}${cite(risk.source)} |`)
      break
    case 'recommendations':
      if (!analysis.recommendations.length) lines.push('The document shows no risk or finding to act on.')
      analysis.recommendations.forEach((recommendation, index) =>
        lines.push(
          `${index + 1}. ${literal(recommendation.text)} _Addresses: ${recommendation.addresses.map(literal).join(', ')}._${cite(recommendation.source)}`,
        ),
      )
      break
  }
  if (sources.length) {
    lines.push('', '## Sources', '')
    sources.forEach((source, index) => lines.push(`${index + 1}. ${where(source)}: “${literal(source.quote)}”`))
  }
  return `${lines.join('\n')}\n`
}

const where = (source: Source) => {
  const place = sourcePlace(source)
  return place === null ? 'Document text' : literal(place)
}
