import { type Risk, RISK_CATEGORIES, type RiskCategory, type RiskLevel } from '../../../shared/analysis'
import { percentValue } from '../text/amounts'
import { datesIn, durationsIn, monthsBetween, spanText } from '../text/dates'
import { numberWordsBetween } from '../text/number-words'
import { REMAINDER, SHARE_HEADER, sourceOf, TOTAL, type Unit } from './units'

/** A risk found, with what its recommendation needs to be specific. */
export interface FoundRisk extends Risk {
  position: number
  /** Writes the recommendation that answers this risk. */
  recommend: () => string
}

// Thresholds a buyer's due diligence applies to one customer's share of revenue, and to a few together.
const ONE_CUSTOMER_HIGH = 25
export const ONE_CUSTOMER_MEDIUM = 10
const FEW_CUSTOMERS_MEDIUM = 50
// A contract or lease that ends within this many months of the document's date.
const ENDS_SOON_HIGH = 12
const ENDS_SOON_MEDIUM = 24
const MAX_PER_CATEGORY = 3
const LEVEL_ORDER: Record<RiskLevel, number> = { High: 0, Medium: 1, Low: 2 }

interface Context {
  /** The day the document speaks from, which "ends in June 2026" is measured against. */
  asOf: Date
}

/** A pattern that shows a risk when a sentence matches it. */
interface Rule {
  category: RiskCategory
  level: RiskLevel
  pattern: RegExp
  /** A sentence matching this says the opposite ("no litigation is pending"). */
  unless?: RegExp
  describe: (match: RegExpExecArray, unit: Unit) => string
  recommend: (match: RegExpExecArray, unit: Unit) => string
}

const NAME = String.raw`[A-Z][\p{L}'’-]+(?:\s(?:[A-Z][\p{L}'’-]+|&|of|and))*`
const PERSON_ROLE = String.raw`(?:founder|owner|managing director|chief executive|ceo|md|chair(?:man|woman)?|majority shareholder|director|proprietor)`

/** The person a sentence is about: the name nearest before `index`, else the role it names. */
function personIn(text: string, index = text.length): string | undefined {
  const before = text.slice(0, index)
  const names = [...before.matchAll(new RegExp(NAME, 'gu'))]
    .map((match) => match[0].replace(/^(?:The|A|An|Her|His|Our|Their)\s+/, ''))
    .filter((name) => !/^(?:The|A|An|Her|His|Our|Their|This|That|It|He|She|No|One)$/.test(name))
  if (names.length) return names.at(-1)
  const role = new RegExp(String.raw`\bthe (${PERSON_ROLE})\b`, 'i').exec(before)
  return role ? `the ${role[1]!.toLowerCase()}` : undefined
}

/** The words from `index` to the end of their clause, for a description that says what the text says. */
function clauseFrom(text: string, index: number) {
  const rest = text.slice(index)
  const end = rest.search(/[;:.](?:\s|$)|,\s(?:and|but|while|so)\s/)
  return (end > 0 ? rest.slice(0, end) : rest).trim()
}

const REPLACE_MANAGER =
  'Recruit or appoint the replacement for the departing manager before going to market, and record a hand-over of their duties.'

const RULES: Rule[] = [
  {
    category: 'Key-person dependence',
    level: 'High',
    pattern:
      /\b(?:is|was|remains|are)\s+the\s+(?:only|sole|single)\s+(?:person|one|individual|people|employee|manager|contact|signatory|authori[sz]ed signatory|decision[- ]maker|point of contact)\b/i,
    describe: (match, unit) =>
      `${capitalise(personIn(unit.quote, match.index) ?? 'One person')} ${clauseFrom(unit.quote, match.index)}: no one else can do this, so the business depends on one person (High).`,
    recommend: (match, unit) => {
      const who = personIn(unit.quote, match.index) ?? 'one person'
      const role = clauseFrom(unit.quote, match.index).replace(/^(?:is|was|remains|are)\s+/i, '')
      return `Reduce the business's dependence on ${who}, ${role}: bring a second manager into this role and document it before buyers' due diligence.`
    },
  },
  {
    category: 'Key-person dependence',
    level: 'High',
    pattern:
      /\b(?:no one|nobody|no other (?:person|manager|employee))\s+(?:else\s+)?(?:can|could|knows|is able|has)\b|\bno (?:deputy|second[- ]in[- ]command|backup|back-up)\b/i,
    describe: () => 'The text says no one else can take over this role, so the business depends on one person (High).',
    recommend: (match, unit) =>
      `Appoint and train a deputy for the role the text describes (${clauseFrom(unit.quote, 0)}), so the business runs without its key person.`,
  },
  {
    category: 'Key-person dependence',
    level: 'Medium',
    pattern: new RegExp(
      String.raw`\b(?:relies|relied|depends|depended|dependent|reliant)\s+(?:heavily\s+|entirely\s+|largely\s+|almost entirely\s+)?(?:on|upon)\s+(?:the\s+)?(?:${PERSON_ROLE}|him|her|[A-Z][a-z]+)\b|\bpersonally\s+(?:holds|manages|approves|signs|handles|owns|controls|negotiates|runs)\b|\bkey[- ]person\b`,
      'i',
    ),
    describe: (match, unit) =>
      `${capitalise(personIn(unit.quote, match.index) ?? 'One person')} ${clauseFrom(unit.quote, match.index)}: the business leans on one person (Medium).`,
    recommend: (match, unit) =>
      `Delegate what ${personIn(unit.quote, match.index) ?? 'the key person'} ${clauseFrom(unit.quote, match.index).replace(/^personally\s+/i, '')} to the management team, with written authority limits, so the business does not stop when they step back.`,
  },
  {
    category: 'Key-person dependence',
    level: 'Medium',
    pattern:
      /\b(?:has|have)\s+(?:resigned|given (?:their |his |her )?notice|handed in (?:their |his |her )?notice)\b|\b(?:is|are)\s+leaving\s+the\s+(?:business|company)\b/i,
    describe: (match, unit) =>
      `${capitalise(personIn(unit.quote, match.index) ?? 'A key manager')} ${clauseFrom(unit.quote, match.index)}: a management gap during a sale (Medium).`,
    recommend: () => REPLACE_MANAGER,
  },
  {
    category: 'Key-person dependence',
    level: 'Medium',
    pattern:
      /\breplacement\s+(?:has|have)\s+not\s+(?:yet\s+)?been\s+(?:recruited|found|appointed|hired)\b|\bno replacement\b/i,
    describe: () => 'A departing manager has no replacement yet: a management gap during a sale (Medium).',
    recommend: () => REPLACE_MANAGER,
  },
  {
    category: 'Succession',
    level: 'High',
    pattern:
      /\bno\s+(?:obvious\s+|clear\s+|suitable\s+|internal\s+|named\s+)?(?:successor|succession plan|succession planning|heir)\b|\bsuccessor\s+(?:has|have)\s+not\s+(?:yet\s+)?been\s+(?:identified|appointed|named|found|chosen|agreed)\b|\b(?:not|never)\s+(?:yet\s+)?(?:identified|appointed|named|chosen|agreed on)\s+a\s+successor\b|\bwithout\s+a\s+successor\b/i,
    describe: () => 'No successor is identified for the owner: nobody is ready to take over the business (High).',
    recommend: (match, unit) =>
      `Identify and prepare a successor for ${personIn(unit.quote) ?? 'the owner'}, and agree a written succession plan with a hand-over timetable that ends before the sale or retirement.`,
  },
  {
    category: 'Succession',
    level: 'Medium',
    pattern:
      /\b(?:intends|plans|wants|expects|hopes|wishes|is planning)\s+to\s+(?:retire|step down|step back|leave the business|hand over)\b|\bhas\s+not\s+(?:discussed|agreed|prepared|written)\s+(?:a\s+)?succession\b/i,
    describe: (match, unit) =>
      `${capitalise(personIn(unit.quote, match.index) ?? 'The owner')} ${clauseFrom(unit.quote, match.index)}: the hand-over is not yet planned (Medium).`,
    recommend: () =>
      'Set the owner’s retirement date and plan the hand-over around it: who takes which role, and by when, so a buyer sees the business run without the owner.',
  },
  {
    category: 'Succession',
    level: 'Medium',
    pattern: /\b(?:does|do)(?:\s+not|n['’]t)\s+want\s+to\s+(?:lead|run|take over|manage)\b/i,
    describe: (match, unit) =>
      `A possible successor ${clauseFrom(unit.quote, match.index)}: the hand-over has no willing candidate (Medium).`,
    recommend: () =>
      'Widen the search for a successor beyond those who have declined: a management buy-in or an external managing director, recruited early enough to prove themselves before the sale.',
  },
  {
    category: 'Legal and contractual',
    level: 'High',
    pattern: /\bchange (?:of|in) (?:control|ownership)\b/i,
    unless: /\bno\s+(?:change of control|change-of-control)\b|\bsurvives?\b|\bwithout (?:consent|termination)/i,
    describe: () =>
      'A change-of-control provision: a contract may be ended or need consent when the business is sold (High).',
    recommend: () =>
      'Obtain the counterparty’s consent to a change of control, or renegotiate the clause, before a sale is announced.',
  },
  {
    category: 'Legal and contractual',
    level: 'Medium',
    pattern:
      /\b(?:litigation|lawsuit|legal action|legal proceedings|court proceedings|tribunal claim|employment tribunal|claim against the (?:company|business)|dispute with|being sued|has sued|threatened to sue)\b/i,
    unless:
      /\bno\s+(?:pending\s+|current\s+|ongoing\s+|known\s+)?(?:litigation|legal|claims?|disputes?|proceedings)\b|\bnot\s+(?:party|subject)\s+to\b/i,
    describe: (match) => `A ${match[0].toLowerCase()} is open: its cost and outcome are unknown to a buyer (Medium).`,
    recommend: () =>
      'Settle the dispute, or have its likely cost assessed by counsel, so it can be disclosed to buyers with a known figure.',
  },
  {
    category: 'Legal and contractual',
    level: 'Medium',
    pattern:
      /\b(?:no|without\s+a|without\s+any)\s+(?:written|formal|signed)\s+(?:contract|agreement|lease)s?\b|\bhandshake (?:deal|agreement)\b|\b(?:contract|agreement|lease)\s+(?:has|have)\s+(?:not|never)\s+been\s+(?:signed|renewed|documented)\b/i,
    describe: (match) => `${capitalise(match[0])}: the relationship rests on no enforceable terms (Medium).`,
    recommend: () =>
      'Put the relationship on a signed, written contract that a buyer can rely on and that survives a sale.',
  },
  {
    category: 'Legal and contractual',
    level: 'Medium',
    pattern: /\bpersonal(?:ly)?\s+guarante(?:e|ed)\b/i,
    describe: () => 'A personal guarantee by the owner must be released or replaced on a sale (Medium).',
    recommend: () =>
      'Agree with the lender or landlord how the owner’s personal guarantee is released when the business is sold.',
  },
  {
    category: 'Tax',
    level: 'High',
    pattern:
      /\b(?:unpaid|overdue|outstanding|late|arrears of)\s+(?:vat|tax|taxes|corporation tax|payroll taxes?|paye|sales tax|duties)\b|\btax\s+(?:arrears|penalt(?:y|ies)|investigation|enquiry|inquiry|fraud)\b|\b(?:hmrc|irs|tax authorit(?:y|ies))\b[^.]{0,60}\b(?:investigation|enquiry|inquiry|audit|assessment|dispute|penalt(?:y|ies))\b/i,
    unless: /\bno\s+(?:open\s+|pending\s+|outstanding\s+)?(?:tax|hmrc|irs)\b|\bhas been (?:settled|closed|paid)\b/i,
    describe: (match) => `An open tax matter (${match[0]}) a buyer will want settled or indemnified (High).`,
    recommend: (match) =>
      `Resolve the tax matter (${match[0]}) and obtain written confirmation from the authority before a sale; otherwise buyers will ask for an indemnity or a retention.`,
  },
  {
    category: 'Tax',
    level: 'Medium',
    pattern:
      /\b(?:transfer pricing|permanent establishment|ir35|employment status|tax (?:dispute|exposure|uncertainty|risk)|disputed tax|uncertain tax)\b/i,
    unless: /\bno\s+(?:tax\s+)?(?:exposure|risk|dispute)/i,
    describe: (match) => `A tax exposure (${match[0]}) that due diligence will examine (Medium).`,
    recommend: (match) =>
      `Have a tax adviser quantify the ${match[0].toLowerCase()} exposure and put it right, or provide for it, before buyers' tax due diligence.`,
  },
  {
    category: 'Financial quality',
    level: 'High',
    pattern:
      /\bqualified (?:audit )?opinion\b|\bgoing concern\b|\bbreach(?:ed)? (?:of )?(?:its |a |the )?(?:banking |loan )?covenants?\b/i,
    unless: /\bno\s+(?:going concern|covenant|qualification)|\bunqualified\b/i,
    describe: (match) =>
      `The accounts carry a warning (${match[0]}): buyers and lenders will question every figure (High).`,
    recommend: (match) =>
      `Resolve the ${match[0].toLowerCase()} with the auditors or lenders before going to market, and explain it in the information memorandum.`,
  },
  {
    category: 'Financial quality',
    level: 'Medium',
    pattern: /\b(?:not\s+(?:been\s+)?audited|unaudited|no\s+(?:statutory\s+)?audit)\b|\bmanagement accounts only\b/i,
    describe: () =>
      'The accounts are not audited, so buyers cannot rely on the figures without their own review (Medium).',
    recommend: () =>
      'Have the accounts audited, or commission a vendor quality-of-earnings review, so buyers can rely on the stated figures.',
  },
  {
    category: 'Financial quality',
    level: 'Medium',
    pattern:
      /\b(?:revenue|sales|turnover|ebitda|profits?|margins?|orders|income)\b[^.;]{0,40}\b(?:fell|declined|decreased|dropped|shrank|contracted)\b|\b(?:net|operating|pre-tax)\s+loss\b|\bloss-making\b/i,
    describe: (match) => `Earnings under pressure: ${match[0]} (Medium).`,
    recommend: () =>
      'Explain the fall in results with figures (one-off causes, recovery since) and show the trend turning before going to market.',
  },
  {
    category: 'Financial quality',
    level: 'Low',
    pattern: /\bone[- ]off\b|\bnon[- ]recurring\b|\bexceptional\s+(?:items?|gains?|income|receipts?|costs?)\b/i,
    describe: () =>
      'Reported earnings include a one-off item: buyers value the normalised figure, not the reported one (Low).',
    recommend: (match, unit) =>
      `Document each adjustment between reported and normalised earnings (${clauseFrom(unit.quote, 0)}), so the buyer's valuation starts from a figure you can prove.`,
  },
  {
    category: 'Operational',
    level: 'Medium',
    pattern:
      /\b(?:single|sole|only|one)\s+(?:supplier|source|vendor|subcontractor|manufacturer|plant|site|factory|warehouse|production line)\b|\bsingle[- ]sourced?\b/i,
    unless: /\bno\s+single\b|\bnot\s+(?:reliant|dependent)\b/i,
    describe: (match) =>
      `The business relies on a ${match[0].toLowerCase().replace(/^(?:the |a )/, '')}: one failure stops it (Medium).`,
    recommend: () => 'Qualify a second supplier or site, so one failure cannot stop deliveries.',
  },
  {
    category: 'Operational',
    level: 'Medium',
    pattern:
      /\b(?:stop|halt|interrupt|disrupt|suspend)\w*\s+(?:all\s+)?(?:production|operations|deliveries|trading|manufacturing|the plant)\b|\b(?:outdated|obsolete|end[- ]of[- ]life|ageing|aging|unsupported)\s+(?:equipment|machinery|machines|systems?|software|it)\b|\b(?:undocumented|no\s+documented)\s+(?:processes|procedures|systems)\b|\bshortage of (?:skilled )?(?:staff|labour|labor|workers|engineers)\b|\b(?:high|rising) (?:staff|employee|labour) turnover\b/i,
    describe: (match, unit) => `${capitalise(clauseFrom(unit.quote, 0))}: a threat to day-to-day operations (Medium).`,
    recommend: (match, unit) =>
      `Plan around what the text describes (${clauseFrom(unit.quote, 0).replace(/^./, (first) => first.toLowerCase())}): a continuity plan with dates and an owner, so buyers see the risk under control.`,
  },
  {
    category: 'Market',
    level: 'Medium',
    pattern:
      /\b(?:market|demand|industry|sector|order book|orders)\b[^.;]{0,40}\b(?:declin(?:e|ed|es|ing)|shrink(?:s|ing)?|contracting|contracted|weaken(?:ed|ing)|slow(?:ed|ing)|downturn)\b|\bnew (?:entrants?|competitors?)\b|\bcompetition (?:has )?(?:intensified|increased|grown)\b|\b(?:price|pricing) (?:pressure|war)\b|\blow[- ]cost (?:competitors?|imports?)\b|\bcheaper imports?\b/i,
    describe: (match) => `Market pressure: ${match[0]} (Medium).`,
    recommend: () =>
      'Show buyers how the business answers the market pressure the text describes, with evidence: order book, pricing held, customers won.',
  },
]

/** The risks a document states, each with the sentence that shows it, most serious first. */
export function findRisks(units: Unit[], context: Context): FoundRisk[] {
  const found: FoundRisk[] = []
  const add = (unit: Unit, risk: Omit<FoundRisk, 'position' | 'evidence' | 'source'>) =>
    found.push({ ...risk, evidence: unit.quote, source: sourceOf(unit), position: unit.position })
  for (const unit of units) {
    for (const risk of customerConcentration(unit)) add(unit, risk)
    const ending = contractEnding(unit, context)
    if (ending) add(unit, ending)
    if (unit.table) continue
    for (const rule of RULES) {
      const match = rule.pattern.exec(unit.quote)
      if (!match || rule.unless?.test(unit.quote)) continue
      add(unit, {
        category: rule.category,
        level: rule.level,
        description: rule.describe(match, unit),
        recommend: () => rule.recommend(match, unit),
      })
    }
  }
  return pick(found)
}

/** Per category the most serious risks, one per sentence, at most MAX_PER_CATEGORY. */
function pick(found: FoundRisk[]): FoundRisk[] {
  const kept: FoundRisk[] = []
  const sorted = [...found].sort((a, b) => LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] || a.position - b.position)
  for (const risk of sorted) {
    const same = kept.filter((other) => other.category === risk.category)
    if (same.length >= MAX_PER_CATEGORY || same.some((other) => other.position === risk.position)) continue
    // A customer's share told twice (in a sentence and in a table) is one risk.
    if (same.some((other) => other.description === risk.description)) continue
    kept.push(risk)
  }
  return kept.sort(
    (a, b) =>
      LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] ||
      RISK_CATEGORIES.indexOf(a.category) - RISK_CATEGORIES.indexOf(b.category) ||
      a.position - b.position,
  )
}

type RiskDraft = Omit<FoundRisk, 'position' | 'evidence' | 'source'>

const SHARE_OF_REVENUE =
  /\b(\d+(?:\.\d+)?)\s?(?:%|per ?cent)\s+(?:of\s+(?:(?:its|the|our|their|total|group|annual|company|company['’]s|\d{4}|fy\s?\d{2,4})\s+)*(?:revenue|revenues|sales|turnover|income|orders)|share of (?:revenue|sales))/gi
const CUSTOMER_WORD = /\b(?:customers?|clients?|accounts?|buyers?|distributors?|retailers?|contracts?)\b/i
const FEW = new RegExp(
  String.raw`\b(?:top|largest|biggest|main)\s+(${numberWordsBetween(2, 10)}|\d{1,2})\s+(?:customers|clients|accounts)\b`,
  'i',
)
const REASSURING =
  /\bno\s+(?:single\s+|one\s+|other\s+)?(?:customer|client|account)\b|\bnone of (?:our|the|its) (?:customers|clients)\b/i
/** "less than 5% of revenue": a ceiling, not a share. */
const CEILING = /\b(?:less than|fewer than|below|under|at most|no more than|up to)\s*$/i
const CUSTOMER_HEADER = /customer|client|account|name|buyer|distributor/i

/** A customer's share of revenue above a threshold, from a sentence or a row of a customer table. */
function customerConcentration(unit: Unit): RiskDraft[] {
  if (unit.table) {
    const { header, cells } = unit.table
    if (!CUSTOMER_HEADER.test(header[0] ?? '') && !header.some((cell) => /customer|client/i.test(cell))) return []
    const column = header.findIndex((cell, index) => index > 0 && SHARE_HEADER.test(cell))
    const name = cells[0] ?? ''
    if (column < 0 || !name || REMAINDER.test(name) || TOTAL.test(name) || !/%|^\d/.test(cells[column] ?? '')) return []
    const share = percentValue(cells[column]!)
    const risk = oneCustomer(name, share)
    return risk ? [risk] : []
  }
  const text = unit.quote
  if (REASSURING.test(text)) return []
  const risks: RiskDraft[] = []
  for (const match of text.matchAll(SHARE_OF_REVENUE)) {
    const share = Number(match[1])
    if (CEILING.test(text.slice(0, match.index))) continue
    const few = FEW.exec(text)
    if (few && few.index < match.index) {
      if (share >= FEW_CUSTOMERS_MEDIUM)
        risks.push({
          category: 'Customer concentration',
          level: 'Medium',
          description: `The ${few[0].toLowerCase()} together bring ${share}% of revenue (Medium: ${FEW_CUSTOMERS_MEDIUM}% or more from a few customers).`,
          recommend: () =>
            `Broaden the customer base before a sale: the ${few[0].toLowerCase()} bring ${share}% of revenue, so win and grow accounts outside them and show the trend in the information memorandum.`,
        })
      continue
    }
    const before = text.slice(0, match.index)
    if (!CUSTOMER_WORD.test(text) && !new RegExp(NAME, 'u').test(before.replace(/^\S+/, ''))) continue
    const risk = oneCustomer(customerName(before), share)
    if (risk) risks.push(risk)
  }
  return risks
}

function oneCustomer(name: string | undefined, share: number): RiskDraft | null {
  if (!(share >= ONE_CUSTOMER_MEDIUM) || share > 100) return null
  const level: RiskLevel = share >= ONE_CUSTOMER_HIGH ? 'High' : 'Medium'
  const threshold = level === 'High' ? ONE_CUSTOMER_HIGH : ONE_CUSTOMER_MEDIUM
  const who = name ?? 'One customer'
  return {
    category: 'Customer concentration',
    level,
    description: `${who} accounts for ${share}% of revenue (${level}: ${threshold}% or more from one customer).`,
    recommend: () =>
      level === 'High'
        ? `Reduce the dependence on ${name ?? 'the largest customer'} (${share}% of revenue) before a sale: secure it on a multi-year contract that survives a change of ownership, and grow other accounts until no customer brings ${ONE_CUSTOMER_HIGH}% or more of revenue.`
        : `Keep ${name ?? 'the customer'} (${share}% of revenue) on a written contract that survives a change of ownership, and show buyers the relationship's history.`,
  }
}

/** The customer a sentence names before its share: "The largest, Solent Marine Group, accounted for". */
function customerName(before: string): string | undefined {
  const names = [...before.matchAll(new RegExp(NAME, 'gu'))]
    .map((match) => ({ name: match[0], index: match.index }))
    .filter(({ name, index }) => !(index === 0 && /^(?:The|Our|Its|A|An|One|This|In|For|Our)\b/.test(name)))
  const last = names.at(-1)?.name.replace(/^(?:The|Our|Its)\s+/, '')
  return last && !/^(?:The|Our|Its|In|For|Revenue|Sales)$/.test(last) ? last : undefined
}

const AGREEMENT =
  /\b(?:lease|tenancy|contract|agreement|licen[cs]e|franchise|concession|permit|framework|facility|loan|mortgage)\b/i
const ENDING =
  /\b(?:ends?|ending|expires?|expiring|expiry|runs?\s+(?:out|until|to)|terminates?|lapses?|(?:is|comes?|falls?)\s+(?:up\s+)?(?:due\s+)?for\s+renewal|renewal\s+(?:is\s+)?due|matures?|until)\b/i

/** A lease or contract that ends soon after the document's date. */
function contractEnding(unit: Unit, { asOf }: Context): RiskDraft | null {
  const text = unit.quote
  const agreement = AGREEMENT.exec(text)
  const ending = ENDING.exec(text)
  if (!agreement || !ending || unit.table) return null
  const after = ending.index
  const [duration] = durationsIn(text).filter((found) => found.index >= after)
  const [date] = datesIn(text).filter((found) => found.index >= after)
  const months = duration ? duration.months : date ? monthsBetween(asOf, date.date) : undefined
  if (months === undefined || months > ENDS_SOON_MEDIUM) return null
  const level: RiskLevel = months <= ENDS_SOON_HIGH ? 'High' : 'Medium'
  const subject = subjectOf(text, agreement.index)
  const when = duration ? duration.text.replace(/^(?:in|within|after|over)\s+/i, '') : spanText(Math.max(0, months))
  const past = months < 0
  return {
    category: 'Legal and contractual',
    level,
    description: past
      ? `${capitalise(subject)} has already ended${date ? ` (${date.text})` : ''} and the text does not say it was renewed (High).`
      : `${capitalise(subject)} ends ${duration ? `in ${when}` : `${date ? `${/^[a-z]+\.?\s+\d{4}$/i.test(date.text) ? 'in' : 'on'} ${date.text}, ` : ''}${when} after the document's date`} (${level}: within ${level === 'High' ? ENDS_SOON_HIGH : ENDS_SOON_MEDIUM} months).`,
    recommend: () =>
      `Renew or extend ${subject} (${past ? 'it has ended' : `it ends ${duration ? `in ${when}` : `within ${when}`}`}) before going to market, on terms that survive a change of ownership, so a buyer does not inherit the renegotiation.`,
  }
}

const ARTICLE = /^(?:the|a|an|its|our|their|this|that)$/i
const AGREEMENT_WORD =
  /^(?:lease|tenancy|contract|agreement|licen[cs]e|franchise|concession|permit|framework|facility|loan|mortgage)s?$/i
/** Words that end the name of an agreement: its verb, or a clause of its own. */
const PHRASE_END =
  /^(?:is|are|was|were|will|would|has|have|had|ends?|ending|expires?|runs?|terminates?|lapses?|that|which|who|and|but|until|in|on|at|by|from|to|under|accounted|expiring)$/i

/** "the lease on the Portsmouth plant", "the supply agreement": the agreement a sentence names. */
function subjectOf(text: string, index: number) {
  const words = text.split(/\s+/)
  let at = 0
  for (let offset = 0; at < words.length && offset + words[at]!.length < index; at++) offset += words[at]!.length + 1
  const clean = (word: string) => word.replace(/[^\p{L}\p{N}'’-]/gu, '')
  // Back over up to two modifiers ("supply", "asset-finance") to the article, forward over "on the Portsmouth plant".
  let start = at
  while (
    start > 0 &&
    at - start < 3 &&
    !ARTICLE.test(clean(words[start - 1]!)) &&
    /^[\p{L}-]+$/u.test(words[start - 1]!)
  )
    start--
  if (start > 0 && ARTICLE.test(clean(words[start - 1]!))) start--
  else start = at
  let end = at + 1
  if (end < words.length && /^(?:on|for|with|of)$/i.test(words[end]!)) {
    let tail = end + 1
    while (tail < words.length && tail - end <= 4 && !PHRASE_END.test(clean(words[tail]!))) {
      const ending = /[,;:.]$/.test(words[tail]!)
      tail++
      if (ending) break
    }
    if (tail > end + 1) end = tail
  }
  const phrase = words
    .slice(start, end)
    .join(' ')
    .replace(/[,;:.]$/, '')
  if (!AGREEMENT_WORD.test(clean(words[at] ?? ''))) return 'the agreement'
  const [first, ...rest] = phrase.split(' ')
  return ARTICLE.test(first!) ? ['the', ...rest].join(' ') : `the ${phrase}`
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
