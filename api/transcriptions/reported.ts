import { cleanSentence } from './sentences'

/*
 * A sentence said in a meeting as a line of notes about it: "I need 12.5 million to retire" said
 * by Gloria Reyes is "Gloria Reyes needs 12.5 million to retire"; "your salary" said to her is
 * "Gloria Reyes's salary". Notes read the same away from the meeting; quoted lines do not.
 */

// Talk around what a sentence says: "Honestly, the bank told me…", "…, to be honest".
const HEDGE_BEFORE =
  /^(?:honestly|frankly|to be (?:honest|fair|clear)|I mean|look|listen|basically|actually|as you know|you know|the thing is|I guess|obviously|sorry|anyway)\b[,:]?\s+/i
const HEDGE_AFTER = /,\s*(?:to be (?:honest|fair)|honestly|I think|I guess|you know|I'd say|as you know|right)$/i

// Words between a subject and its verb: "I really need", "you still have".
const ADVERBS = new Set(
  'really just also still only actually probably definitely always never already even usually certainly personally simply rather truly honestly'.split(
    ' ',
  ),
)
const UNCHANGED = new Set(
  `will would can could should must might may shall won't wouldn't can't couldn't shouldn't mustn't
  said got had was did took made told sold bought thought knew went saw came gave paid spent ran kept left met sent
  built felt found held lost put set read brought caught began became wrote spoke chose drove forgot grew meant
  rose sat stood taught understood won let cut hit cost quit`.split(/\s+/),
)
// Verbs that end in "ed" and are not past: "I need" is "she needs".
const PRESENT_ED = new Set('need proceed exceed succeed feed bleed breed speed heed shed embed'.split(' '))
const IRREGULAR: Record<string, string> = {
  am: 'is',
  are: 'is',
  were: 'was',
  have: 'has',
  do: 'does',
  go: 'goes',
  "don't": "doesn't",
  "haven't": "hasn't",
  "aren't": "isn't",
  "weren't": "wasn't",
}
// A "you" that starts a clause is its subject; anywhere else, its object ("a contract with you").
const CLAUSE_START = new Set(
  'but so because if when that which as since then where while until once unless though although'.split(' '),
)
const CONTRACTED: Record<string, string> = { "'m": 'is', "'ve": 'has', "'d": 'would', "'ll": 'will', "'re": 'is' }

/** A verb said of "I" or "you" as it is said of someone named: "need" is "needs". */
function thirdPerson(verb: string) {
  const lower = verb.toLowerCase()
  if (IRREGULAR[lower]) return IRREGULAR[lower]
  if (UNCHANGED.has(lower) || (/ed$/.test(lower) && !PRESENT_ED.has(lower)) || !/^[a-z]+$/.test(lower)) return verb
  if (/(?:s|sh|ch|x|z|o)$/.test(lower)) return `${verb}es`
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ies`
  return `${verb}s`
}

/** Names said in place of "I" and "you": in full the first time, then by first name. */
function namer() {
  const said = new Set<string>()
  return (name: string) => {
    if (said.has(name)) return name.split(' ')[0]!
    said.add(name)
    return name
  }
}

const possessive = (name: string) => (name.endsWith('s') ? `${name}'` : `${name}'s`)

const FIRST_PERSON = new Set(['i', "i'm", "i've", "i'd", "i'll", 'me', 'my', 'mine', 'myself'])
const SECOND_PERSON = new Set(['you', "you're", "you've", "you'd", "you'll", 'your', 'yours', 'yourself'])

/**
 * The sentence as notes say it: the talk around it taken off, "I" its speaker and "you" whom it is
 * said to (when that is known) by name, with the verb after them agreeing. A "you" of no one known
 * stays; "your" of no one known is "the".
 */
export function reported(text: string, { speaker, addressee }: { speaker: string; addressee?: string }) {
  let sentence = cleanSentence(text).replace(/’/g, "'")
  for (let before = ''; before !== sentence;) {
    before = sentence
    sentence = cleanSentence(sentence.replace(HEDGE_BEFORE, '').replace(HEDGE_AFTER, ''))
  }
  const name = namer()
  const out: string[] = []
  // Whether the next word is the verb of a subject just named, and the word before this one.
  let agreeing = false
  // The two words before this one, as said: ", and I want" starts a clause, "Marco and I" does not.
  let [earlier, previous] = ['', '']
  for (const token of sentence.split(/(\s+)/)) {
    if (!token.trim()) {
      out.push(token)
      continue
    }
    const [, lead, word, trail] = /^([^\p{L}']*)([\p{L}'-]*)(.*)$/su.exec(token)!
    const lower = word!.toLowerCase()
    const [twoBefore, before] = [earlier, previous]
    ;[earlier, previous] = [previous, token]
    const afterAnd = /^(?:and|or)$/i.test(before)
    const startsClause =
      !before ||
      /[,;:]$/.test(before) ||
      CLAUSE_START.has(before.toLowerCase()) ||
      (afterAnd && /[,;:]$/.test(twoBefore))
    if (agreeing && word && ADVERBS.has(lower)) {
      out.push(token)
      continue
    }
    if (agreeing && word) {
      agreeing = false
      out.push(`${lead}${thirdPerson(word)}${trail}`)
      continue
    }
    agreeing = false
    const person = FIRST_PERSON.has(lower) ? speaker : SECOND_PERSON.has(lower) ? addressee : undefined
    if (!person) {
      out.push(lower === 'your' && !lead ? `${word![0] === 'Y' ? 'The' : 'the'}${trail}` : token)
      continue
    }
    const contracted = /^(?:i|you)('m|'ve|'d|'ll|'re)$/.exec(lower)
    let replaced = name(person)
    if (contracted) replaced = `${replaced} ${CONTRACTED[contracted[1]!]}`
    else if (['my', 'mine', 'your', 'yours'].includes(lower)) replaced = possessive(replaced)
    // "I" is a subject, "you" one when it starts a clause; after "Marco and" the verb is theirs both.
    else if (!trail && (lower === 'i' || lower === 'you') && (startsClause || (lower === 'i' && !afterAnd)))
      agreeing = true
    out.push(`${lead}${replaced}${trail}`)
  }
  const notes = out.join('')
  return notes ? `${notes[0]!.toUpperCase()}${notes.slice(1)}` : notes
}
