import type { Passage } from '../../../ai/retrieval/passage'
import { sentenceSource } from '../../value-gap/passage-sources'
import { MAX_SOURCES, none, type Proposals, proposed, quoted, type Said, sentencesIn } from './shared'

// One person alone does the work: "I am the only person who…", "nobody else knows…".
const ONLY_ONE =
  /\b(?:only|sole|single)\s+(?:person|one|people|individual)\s+(?:who|that|able|with)\b|\b(?:no\s?one|nobody)\s+else\s+(?:can|could|knows|does|has|is able|understands)\b/i
// Whose work: the owner in the first person, or named by role.
const OWNER = /\b(?:I|me|my|My)\b|\b(?:owner|founder|president|ceo|proprietor|managing director)\b/
const OWNER_ROLE = /\b(?:owner|founder|president|ceo|proprietor|managing director)\b/i
const WITH_ME =
  /\brelationships?\s+(?:are|is|sit|rest|remain|lie)\s+(?:\w+\s+){0,2}?(?:with|through)\s+me\b|\b(?:customers|clients|suppliers|they)\s+(?:\w+\s+){0,3}?(?:deal|talk|speak|work)\s+(?:only\s+)?(?:with|to)\s+me\b|\bcall me directly\b/i
const HANDLE_ALL =
  /\bI\s+(?:still\s+|personally\s+|really\s+)?(?:handle|manage|run|do|own|negotiate|approve|sign)\s+(?:all|every|each|most)\b/
const RELATIONSHIP_WORDS = /\b(?:customers?|clients?|suppliers?|vendors?|accounts?|relationships?|sales)\b/i
// Copied from the Succession rule of the analysis (risks.ts), and "no one to take over".
const NO_SUCCESSOR =
  /\bno\s+(?:obvious\s+|clear\s+|suitable\s+|internal\s+|named\s+)?(?:successor|succession plan|heir)\b|\bsuccessor\s+(?:has|have)\s+not\s+(?:yet\s+)?been\s+(?:identified|appointed|named|found|chosen|agreed)\b|\b(?:not|never)\s+(?:yet\s+)?(?:identified|appointed|named|chosen|agreed on)\s+a\s+successor\b|\bwithout\s+a\s+successor\b|\b(?:no\s?one|nobody)\s+(?:\w+\s+)?(?:to|who could|who can|ready to)\s+take\s+over\b/i
// A sentence that says it is no longer so.
const NO_LONGER =
  /\bno longer\b|\bnot the only\b|\bnot anymore\b|\bused to be\b|\bhas (?:since )?been (?:named|appointed|identified)\b/i

export function ownerDependence(
  passages: Passage[],
): Pick<Proposals, 'owner.operations' | 'owner.relationships' | 'management.successor'> {
  const sentences = sentencesIn(passages).filter(({ sentence }) => !NO_LONGER.test(sentence))
  const owners = (said: Said) => OWNER.test(said.sentence) || OWNER_ROLE.test(said.sentence)
  const alone = sentences.filter(
    (said) =>
      owners(said) &&
      (ONLY_ONE.test(said.sentence) || (HANDLE_ALL.test(said.sentence) && !RELATIONSHIP_WORDS.test(said.sentence))),
  )
  const relationships = sentences.filter(
    (said) => WITH_ME.test(said.sentence) || (HANDLE_ALL.test(said.sentence) && RELATIONSHIP_WORDS.test(said.sentence)),
  )
  const successor = sentences.filter(({ sentence }) => NO_SUCCESSOR.test(sentence))
  const sourced = (said: Said[]) =>
    said.slice(0, MAX_SOURCES).map(({ passage, sentence }) => sentenceSource(passage, sentence))
  return {
    'owner.operations': alone.length
      ? proposed({
          key: 'owner.operations',
          score: 2,
          reason: `The documents say the owner alone does key work: ${quoted(alone.slice(0, MAX_SOURCES))} This proposes 2, not 1: the work named is for the advisor to weigh against the whole role.`,
          sources: sourced(alone),
        })
      : none('No document says the owner is the only person who does key work.'),
    'owner.relationships': relationships.length
      ? proposed({
          key: 'owner.relationships',
          score: 2,
          reason: `The documents say customers or suppliers deal with the owner personally: ${quoted(relationships.slice(0, MAX_SOURCES))} This proposes 2.`,
          sources: sourced(relationships),
        })
      : none("No document says the business's relationships are with the owner personally."),
    'management.successor': successor.length
      ? proposed({
          key: 'management.successor',
          score: 1,
          reason: `The documents say no successor is identified: ${quoted(successor.slice(0, MAX_SOURCES))} This proposes 1.`,
          sources: sourced(successor),
        })
      : none('No document says whether a successor is identified.'),
  }
}
