import type { SampleCategory } from '../../shared/categories'
import { analyze } from '../ai/retrieval/analyzer'
import type { ContentKind } from '../db/content-kinds'
import type { FileType } from '../db/schema'
import { TOPIC_VOCABULARY, type TopicCategory } from './category-vocabulary'

/*
 * The category the app gives a document whose uploader left it to the app (decision 062): the
 * topic its words are about, read at ingestion from the terms search indexes and from what its
 * tables hold, with its title as one more signal; before the text is read, from the title alone;
 * failing any topic, from its file type (spec §9).
 */

const BY_TYPE: Record<FileType, SampleCategory> = {
  pdf: 'PDF Documents',
  doc: 'Word Documents',
  docx: 'Word Documents',
  xls: 'Spreadsheets',
  xlsx: 'Spreadsheets',
  csv: 'Spreadsheets',
  txt: 'Word Documents',
}

// What a document's tables hold (api/facts/tables-hold.ts) says of its topic as much as a title word.
const HOLDS: Record<ContentKind, [TopicCategory, number]> = {
  'financial-statements': ['Financial', 8],
  'revenue-breakdown': ['Financial', 5],
  'customer-revenue': ['Financial', 6],
  'add-backs': ['Financial', 6],
  'capex-history': ['Financial', 3],
  premises: ['Legal & Tax', 4],
}

// A title's words were chosen to say what the file is: each counts three times its weight.
const TITLE_WEIGHT = 3
// Evidence below this is chance: one common word ("plan", "market") names no topic.
const MIN_EVIDENCE = 3
// In a text, the topic's words must make up this share of its words (weighted): a novel that says
// "court" and "trust" now and then is about neither.
const MIN_COVERAGE = 0.035
// The words of a long document read for its topic: its opening says what it is.
const MAX_TERMS = 100_000

interface Entry {
  category: TopicCategory
  weight: number
}

const NUMBER = /^[\p{N}.,]+$/u

const VOCABULARY = new Map<string, Entry>()
for (const [category, phrases] of Object.entries(TOPIC_VOCABULARY) as Array<[TopicCategory, Record<string, number>]>) {
  for (const [phrase, weight] of Object.entries(phrases)) {
    const key = analyze(phrase).join(' ')
    if (VOCABULARY.has(key)) throw new Error(`"${phrase}" reads as an entry already in the topic vocabulary`)
    VOCABULARY.set(key, { category, weight })
  }
}
const TOPICS = Object.keys(TOPIC_VOCABULARY) as TopicCategory[]
const LONGEST = Math.max(...[...VOCABULARY.keys()].map((key) => key.split(' ').length))
// The terms an entry begins with: any other term is passed over without building phrases from it.
const FIRST_TERMS = new Set([...VOCABULARY.keys()].map((key) => key.split(' ')[0]!))

/** How often each vocabulary entry occurs in analysed terms, each term read once, in the longest entry it begins. */
function entryCounts(terms: readonly string[]) {
  const counts = new Map<string, number>()
  let words = 0
  for (let at = 0; at < terms.length;) {
    if (NUMBER.test(terms[at]!)) {
      at++
      continue
    }
    words++
    let length = FIRST_TERMS.has(terms[at]!) ? Math.min(LONGEST, terms.length - at) : 0
    for (; length > 0; length--) {
      const key = length === 1 ? terms[at]! : terms.slice(at, at + length).join(' ')
      if (VOCABULARY.has(key)) {
        counts.set(key, (counts.get(key) ?? 0) + 1)
        break
      }
    }
    at += Math.max(length, 1)
  }
  return { counts, words }
}

export interface CategoryEvidence {
  title: string
  type: FileType
  /** The document's analysed terms (api/ai/retrieval/analyzer.ts), as its chunks were indexed; none before ingestion. */
  terms?: readonly string[]
  /** What its tables hold, read with its facts. */
  holds?: readonly ContentKind[]
}

/** Each topic's evidence in a document: its text's, its title's and its tables'. */
function topicScores({ title, terms = [], holds = [] }: Omit<CategoryEvidence, 'type'>) {
  const scores = new Map<TopicCategory, number>()
  const add = (category: TopicCategory, score: number) => scores.set(category, (scores.get(category) ?? 0) + score)

  const text = entryCounts(terms.length > MAX_TERMS ? terms.slice(0, MAX_TERMS) : terms)
  const mentions = new Map<TopicCategory, number>()
  for (const [key, count] of text.counts) {
    const { category, weight } = VOCABULARY.get(key)!
    mentions.set(category, (mentions.get(category) ?? 0) + weight * count)
  }
  for (const [key, count] of text.counts) {
    const { category, weight } = VOCABULARY.get(key)!
    // Each further mention of a word adds less: a topic is many of its words, not one said often.
    if ((mentions.get(category) ?? 0) >= MIN_COVERAGE * text.words) add(category, weight * (1 + Math.log(count)))
  }
  for (const key of entryCounts(analyze(title)).counts.keys()) {
    const { category, weight } = VOCABULARY.get(key)!
    add(category, TITLE_WEIGHT * weight)
  }
  for (const kind of new Set(holds)) add(...HOLDS[kind])
  return scores
}

/** The topic with the most evidence, when there is enough of it; else the file type's category (spec §9). */
export function guessCategory(evidence: CategoryEvidence): SampleCategory {
  const scores = topicScores(evidence)
  let best: TopicCategory | undefined
  for (const category of TOPICS) {
    const score = scores.get(category) ?? 0
    if (score >= MIN_EVIDENCE && score > (best ? scores.get(best)! : 0)) best = category
  }
  return best ?? BY_TYPE[evidence.type]
}
