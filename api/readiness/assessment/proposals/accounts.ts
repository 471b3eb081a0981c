import type { Passage } from '../../../ai/retrieval/passage'
import { type Finding, sentenceSource } from '../../value-gap/passage-sources'
import { MAX_SOURCES, none, type Proposal, proposed, quoted, sentencesIn } from './shared'

const STATEMENTS =
  /\b(?:financial statements|financials|accounts|statements|books|income statements?|balance sheets?|p&l)\b/i
// From the least assurance to the most; a sentence is read at its least ("compiled and not audited" is unaudited).
const ASSURANCE: Array<{ level: string; score: number; pattern: RegExp; says: string }> = [
  {
    level: 'unaudited',
    score: 2,
    pattern:
      /\bunaudited\b|\b(?:not|never)\s+(?:been\s+)?audited\b|\bno\s+(?:external\s+|independent\s+|statutory\s+)?audit\b/i,
    says: 'are not audited',
  },
  {
    level: 'compiled',
    score: 2,
    pattern: /\bcompil(?:ed|ation)\b/i,
    says: 'are compiled by an outside accountant, neither reviewed nor audited',
  },
  {
    level: 'reviewed',
    score: 3,
    pattern:
      /\breview engagement\b|\breviewed by\s+(?:(?:our|an|the|their|its|outside|independent|external)\s+)*(?:accountants?|CPAs?|accounting firm|auditors?)\b|\b(?:CPA|accountant)['’]?s?\s+review\b/i,
    says: 'are reviewed by an outside accountant, not audited',
  },
  {
    level: 'audited',
    score: 4,
    pattern:
      /\baudited by\b|\b(?:clean|unqualified|unmodified)\s+(?:audit\s+)?opinion\b|\baudited (?:financial )?statements\b/i,
    says: 'are audited; three years of clean opinions, which a 5 asks for, are for the advisor to confirm',
  },
]

export function accountsAssurance(passages: Passage[]): Finding<Proposal> {
  const read = sentencesIn(passages).flatMap((said) => {
    if (!STATEMENTS.test(said.sentence)) return []
    const level = ASSURANCE.find(({ pattern }) => pattern.test(said.sentence))
    return level ? [{ ...said, ...level }] : []
  })
  if (read.length === 0)
    return none('No document says whether the financial statements are audited, reviewed or compiled.')
  const scores = new Set(read.map(({ score }) => score))
  if (scores.size > 1)
    return none(
      `The documents disagree on how far the financial statements are checked: ${read
        .slice(0, MAX_SOURCES)
        .map(({ level, passage, sentence }) => `${level}, "${sentence}" (${passage.documentTitle})`)
        .join('; ')}.`,
    )
  const [first] = read
  return proposed({
    key: 'financial.assurance',
    score: first!.score,
    reason: `The financial statements ${first!.says}: ${quoted(read.slice(0, MAX_SOURCES))} This proposes ${first!.score}.`,
    sources: read.slice(0, MAX_SOURCES).map(({ passage, sentence }) => sentenceSource(passage, sentence)),
  })
}
