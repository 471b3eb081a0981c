import { type Source, sourcePlace } from '../../shared/analysis'
import { citeMarks, referenceList, type Report } from '../exports/report'
import type { AnalysisPayload } from './contract'

const GENERATED_BY = {
  offline: 'Computed from the document’s text (offline analysis)',
  llm: 'Written by a language model from the document’s passages',
} as const

/** An analysis as a client-ready report: each item followed by [n], its passage quoted under Sources. */
export function analysisReport(analysis: AnalysisPayload, organization: string): Report {
  const { references, cite } = referenceList()
  const mark = (source: Source | null) =>
    source
      ? ` ${citeMarks([cite({ document: analysis.document_title, location: sourcePlace(source), quote: source.quote })])}`
      : ''
  const report: Report = {
    kind: analysis.title,
    title: analysis.document_title,
    organization,
    date: new Date(analysis.created_at),
    details: [`Document: ${analysis.document_title}`, GENERATED_BY[analysis.generated_by]],
    blocks: [],
    references,
  }
  const empty = (text: string) => report.blocks.push({ kind: 'paragraph', runs: [{ text }] })
  switch (analysis.type) {
    case 'summary':
      if (!analysis.sentences.length) empty('The document has no text to summarise.')
      else
        report.blocks.push({
          kind: 'paragraph',
          runs: [{ text: analysis.sentences.map((sentence) => `${sentence.text}${mark(sentence.source)}`).join(' ') }],
        })
      break
    case 'key-findings':
      if (!analysis.findings.length) empty('The document states no facts or figures to report.')
      else
        report.blocks.push({
          kind: 'list',
          ordered: true,
          items: analysis.findings.map((finding) => [{ text: `${finding.text}${mark(finding.source)}` }]),
        })
      break
    case 'risks':
      if (!analysis.risks.length) empty('The document states no risks.')
      else
        report.blocks.push({
          kind: 'table',
          header: ['Category', 'Risk level', 'Description'],
          rows: analysis.risks.map((risk) => [risk.category, risk.level, `${risk.description}${mark(risk.source)}`]),
        })
      break
    case 'recommendations':
      if (!analysis.recommendations.length) empty('The document shows no risk or finding to act on.')
      else
        report.blocks.push({
          kind: 'list',
          ordered: true,
          items: analysis.recommendations.map((recommendation) => [
            { text: recommendation.text },
            { text: ` Addresses: ${recommendation.addresses.join(', ')}.${mark(recommendation.source)}` },
          ]),
        })
      break
  }
  return report
}
