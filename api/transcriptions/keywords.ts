import { stemmer } from 'stemmer'

import type { Segment } from '../../shared/meetings'
import { STOP_WORDS } from '../../shared/stop-words'

const KEYWORDS = 8
// A phrase names a subject better than either of its words ("customer concentration", not "customer").
const PHRASE_WEIGHT = 2.5

// Words of talk rather than of subject: frequent in any meeting, telling of none.
const FILLER = `yes yeah yep okay ok alright good great fine nice glad happy thanks thank think like know really well
  going sounds sound get got gets getting also right sure let would could want wanted today lot lots much many thing
  things stuff way see say said saying mean means maybe look looking looked come coming forward hope hoped works work
  time start started everyone everybody day days week weeks month months year years need needs end still yet just
  actually probably pretty kind sort basically definitely absolutely exactly totally honestly talk talking talked
  make makes making take takes taking put keep keeps give gives tell told try trying bit little big able
  hey hello morning afternoon evening weekend coffee weather thing guess feel felt point points question questions
  idea ideas part parts something anything everything nothing someone anyone else sense call calls meeting minute
  minutes hour hours tomorrow yesterday later soon next last first second third back went go goes done doing
  new old long short whole half quite enough already always never ever often usually though although whether
  afterwards add adds added came busy aside wrap otherwise decision decisions`
// A figure's words: they belong to the number beside them, not to a subject of the meeting.
const FIGURE_WORDS = `zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen
  sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred hundreds thousand
  thousands million millions billion billions trillion dozen dozens percent percentage per cent pct dollar dollars
  usd eur gbp euro euros pound pounds buck bucks cents grand mil mm bn k x times`
const NOT_TERMS = new Set(`${FILLER} ${FIGURE_WORDS}`.split(/\s+/))
// Verbs of the work talked about: part of a term ("share sale"), never one alone ("send", "agreed").
const VERBS = new Set(
  `send share agree draft prepare review schedule provide check confirm bring pull ask run write sign file update
  discuss decide decided go hold sell buy pay`
    .split(/\s+/)
    .map((word) => stemmer(word)),
)

// Words and numbers alike: a number between two words is a gap, so "keep 12 percent" pairs nothing.
const tokensOf = (text: string) =>
  (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’.,-]*/gu) ?? []).map((token) =>
    token.replace(/[.,]+$/, '').replace(/['’]s$/, ''),
  )

/**
 * The subjects said most often, as words and two-word phrases; forms of one word count together
 * ("agree", "agreed") and show as the form said most. Stop words, talk, figures and the speakers'
 * names are left out, and a phrase never spans a left-out word, so none reads "keep percent".
 */
export function keywordsOf(segments: Segment[], people: string[]) {
  const names = new Set([...segments.map((segment) => segment.speaker), ...people].flatMap(tokensOf))
  const keep = (token: string) =>
    token.length >= 3 &&
    /^\p{L}/u.test(token) &&
    !/\p{N}/u.test(token) &&
    !STOP_WORDS.has(token) &&
    !NOT_TERMS.has(token) &&
    !names.has(token) &&
    !/['’]/.test(token)
  const terms = new Map<string, { count: number; forms: Map<string, number> }>()
  const count = (key: string, form: string) => {
    const term = terms.get(key) ?? { count: 0, forms: new Map<string, number>() }
    term.count++
    term.forms.set(form, (term.forms.get(form) ?? 0) + 1)
    terms.set(key, term)
  }
  for (const segment of segments) {
    for (const phrase of segment.text.split(/[!?;:()"“”]+|[.,](?!\d)/)) {
      const tokens = tokensOf(phrase)
      tokens.forEach((token, index) => {
        if (!keep(token)) return
        count(stemmer(token), token)
        const next = tokens[index + 1]
        if (next && keep(next)) count(`${stemmer(token)} ${stemmer(next)}`, `${token} ${next}`)
      })
    }
  }
  const ranked = [...terms]
    // A phrase said once is chance; a word said once is kept to fill a short meeting's list.
    .filter(([key, term]) => (key.includes(' ') ? term.count >= 2 : !VERBS.has(key)))
    .map(([key, term]) => ({
      key,
      form: [...term.forms].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0],
      score: term.count * (key.includes(' ') ? PHRASE_WEIGHT : 1),
    }))
    // Of terms said as often, the longer first: "holdback" tells more than "buyer".
    .sort((a, b) => b.score - a.score || b.form.length - a.form.length || a.form.localeCompare(b.form))
  const chosen: typeof ranked = []
  for (const entry of ranked) {
    if (chosen.length === KEYWORDS) break
    // A phrase already kept covers its words, and a word kept first is not repeated inside a phrase.
    const parts = entry.key.split(' ')
    if (chosen.some((kept) => kept.key.split(' ').some((part) => parts.includes(part)))) continue
    chosen.push(entry)
  }
  return chosen.map((entry) => entry.form)
}
