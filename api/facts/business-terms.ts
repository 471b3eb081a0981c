import { YEAR } from '../ai/text/calendar'
import type { ExtractedPage } from '../ai/text/pages'
import { pageSentences } from '../ai/text/sentences'
import type { Term } from './types'

/*
 * What a company profile says of the business itself, read once at ingestion (issue 45): its name,
 * the year it was founded and by whom, who owns it, how many people it employs and where it is based. From
 * sentences and label lines as owners and advisors write them ("It was founded in 1989 by Helen
 * Marchetti.", "Today it is owned by Linda Okafor.", "Linda Okafor - owner and president", "The
 * company employs 52 people.", "Headcount: 75.", "based in Greenville, South Carolina").
 */

type BusinessKey = 'name' | 'founded' | 'founder' | 'owner' | 'headcount' | 'location'

// A person's name: two to four capitalised words, a title or an initial among them ("Dr. Maria
// Okafor", "J. R. Smith"). A company's name is no founder or owner here: none is written with "by".
const WORD = String.raw`\p{Lu}[\p{Ll}'’-]+`
const NAME = String.raw`(?:(?:Dr|Mr|Mrs|Ms)\.\s)?(?:(?:\p{Lu}\.\s){1,2}${WORD}|${WORD}(?:\s(?:\p{Lu}\.|${WORD})){1,3})`
const COUNT = String.raw`\d{1,3}(?:,\d{3})*|\d+`
const FOUNDING_VERB = String.raw`(?:founded|established|started|formed|incorporated|set up)`
const PLACE = String.raw`\p{Lu}[\p{L}.'’-]*(?:\s\p{Lu}[\p{L}.'’-]*){0,3},\s\p{Lu}[\p{L}.'’-]*(?:\s\p{Lu}[\p{L}.'’-]*){0,2}`

// A business's name as its profile opens: capitalised words, "&" or "of" among them, perhaps its
// form ("Harbor Valve & Fitting Co., Inc."); not a pronoun or an article ("It was founded…").
const BUSINESS = String.raw`(?!(?:It|We|Our|The|This|That|He|She|They)\b)\p{Lu}[\p{L}'’.-]*(?:\s(?:&|of|and|\p{Lu}[\p{L}'’.-]*)){0,5}?(?:,?\s(?:Inc|LLC|Ltd|Co|Corp|LLP)\.?)?`
// What a profile says of the business it names: what it is, where, since when ("is a dental lab
// based in Boise", "is a family-owned manufacturer", "was founded in 1989").
const PROFILE = String.raw`(?:is\s+an?\s+[^.]{0,80}?\b(?:based|located|headquartered)\s+in\b|is\s+an?\s+(?:family-owned|privately held|independent)\b|(?:was|has been)\s+${FOUNDING_VERB}\b)`

const READERS: Array<{ key: BusinessKey; pattern: RegExp }> = [
  { key: 'name', pattern: new RegExp(String.raw`^(${BUSINESS})\s+${PROFILE}`, 'u') },
  { key: 'founded', pattern: new RegExp(String.raw`\b${FOUNDING_VERB}\s+in\s+(${YEAR})\b`, 'u') },
  { key: 'founded', pattern: new RegExp(String.raw`^(?:founded|established|year founded)\s*:\s*(${YEAR})\b`, 'iu') },
  {
    key: 'founder',
    pattern: new RegExp(String.raw`\b${FOUNDING_VERB}\s+(?:in\s+${YEAR}\s+)?by\s+(?:the\s+late\s+)?(${NAME})`, 'u'),
  },
  {
    key: 'founder',
    pattern: new RegExp(String.raw`^(${NAME})\s+(?:founded|started|established)\s+(?:the|it|our|this|\p{Lu})`, 'u'),
  },
  { key: 'owner', pattern: new RegExp(String.raw`\b(?:owned|owned and run|run)\s+by\s+(${NAME})`, 'u') },
  { key: 'owner', pattern: new RegExp(String.raw`^(${NAME})\s+(?:still\s+)?(?:owns|is the (?:sole\s+)?owner)\b`, 'u') },
  {
    key: 'owner',
    pattern: new RegExp(String.raw`^(${NAME})\s*[-–—,:]\s*(?:the\s+)?(?:sole\s+)?owner\b(?!['’])`, 'u'),
  },
  { key: 'owner', pattern: new RegExp(String.raw`^owner\s*:\s*(${NAME})$`, 'iu') },
  {
    key: 'headcount',
    pattern: new RegExp(
      String.raw`\bemploys\s+(?:about\s+|around\s+|some\s+)?(${COUNT})\s+(?:full-time\s+)?(?:people|employees|staff|workers)\b`,
      'iu',
    ),
  },
  {
    key: 'headcount',
    pattern: new RegExp(
      String.raw`^(?:we|it|the company|the business)\s+(?:has|have)\s+(${COUNT})\s+employees\b`,
      'iu',
    ),
  },
  { key: 'headcount', pattern: new RegExp(String.raw`^(?:headcount|employees|staff)\s*:\s*(${COUNT})\.?$`, 'iu') },
  {
    key: 'location',
    pattern: new RegExp(
      String.raw`\b(?:based|located|headquartered)\s+in\s+(${PLACE})(?=[.;,]?$|[.;,]\s|\s(?:and|since|with)\b)`,
      'u',
    ),
  },
]

// A person's role as a profile's team lists it: lower-case words ("office manager", "owner and
// president") or an acronym ("CFO"), after the name and a dash or a comma.
const ROLE = String.raw`(?:\p{Ll}[\p{Ll}&/ -]{1,50}|\p{Lu}{2,5})`
const TEAM_LINE = new RegExp(String.raw`^(${NAME})\s*(?:[-–—]|,)\s*(?:the\s+|our\s+)?(${ROLE})\.?$`, 'u')

/**
 * The people a profile lists with their roles, a term each, read by line ("Greg Marchetti - office
 * manager"; "Our team: Helen Fitzgerald, owner and president; Samuel Sato, sales manager."): the
 * role is the term's entity, the name its text.
 */
function teamTerms(text: string, page: number): Term[] {
  return text.split('\n').flatMap((line) =>
    line
      .trim()
      .replace(/^[^:;]{0,40}:\s*/, '')
      .split(/;\s*/)
      .flatMap((part) => {
        const match = TEAM_LINE.exec(part.trim())
        if (!match) return []
        return [
          {
            kind: 'prose' as const,
            termKey: 'role' as const,
            entity: match[2]!.trim(),
            entityKind: 'business' as const,
            text: match[1]!,
            date: null,
            year: null,
            source: { page, row: null, column: null, quote: line.trim() },
          },
        ]
      }),
  )
}

/** What the pages say of the business, a term for each reading. `pages[i]` is position i + 1. */
export function businessTerms(pages: ExtractedPage[]): Term[] {
  return pages.flatMap((page, index) => [
    ...teamTerms(page.text, index + 1),
    ...pageSentences(page.text).flatMap((sentence) =>
      READERS.flatMap(({ key, pattern }) => {
        const match = pattern.exec(sentence)
        if (!match) return []
        const text = match[1]!.replace(/\.$/, '')
        return [
          {
            kind: 'prose' as const,
            termKey: key,
            entity: null,
            entityKind: 'business' as const,
            text,
            date: null,
            year: key === 'founded' ? Number(text) : null,
            source: { page: index + 1, row: null, column: null, quote: sentence },
          },
        ]
      }),
    ),
  ])
}
