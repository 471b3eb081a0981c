/*
 * The readiness assessment's value drivers (issue 34, item 1; decision 043): the eight an advisor
 * recognises, each a few questions answered 1–5. Every question has a stable key and says in words
 * what 1 and what 5 mean, so an answer given today means the same as one given next year: a key is
 * never reused for another question, and a question's anchors are not reworded to mean otherwise.
 */

export interface Question {
  /** Stable across versions: "<driver>.<question>", stored with each answer. */
  key: string
  text: string
  /** What a 1 means, in an advisor's words. */
  low: string
  /** What a 5 means. */
  high: string
  /** What to do about a low answer, as a task's title: the action plan offers it for a weak driver. */
  action: string
}

export interface Driver {
  key: string
  name: string
  questions: Question[]
}

export const DRIVERS: Driver[] = [
  {
    key: 'financial',
    name: 'Financial performance and quality of earnings',
    questions: [
      {
        key: 'financial.assurance',
        text: 'How far can a buyer rely on the financial statements?',
        low: 'Internal books or tax returns only; no outside accountant has looked at them.',
        high: 'Audited by an independent firm for the last three years, with clean opinions.',
        action: 'Have an independent accountant review or audit the financial statements',
      },
      {
        key: 'financial.trend',
        text: 'How have revenue and earnings moved over the last three years?',
        low: 'Falling, or erratic from year to year.',
        high: 'Growing steadily in each of the last three years.',
        action: 'Explain what moved revenue and earnings in each of the last three years',
      },
      {
        key: 'financial.add-backs',
        text: 'How well documented are the adjustments from reported to normalized earnings?',
        low: 'Large add-backs with no support; a buyer will reject most of them.',
        high: 'Few, small add-backs, each supported by documents a buyer can check.',
        action: 'Document each add-back with evidence a buyer can check',
      },
    ],
  },
  {
    key: 'growth',
    name: 'Growth',
    questions: [
      {
        key: 'growth.plan',
        text: 'Is there a credible plan for growth a buyer could carry on?',
        low: 'No plan; growth depends on the owner finding the next deal.',
        high: 'A written plan with targets, already being delivered, that does not need the owner.',
        action: 'Write a growth plan with targets that does not depend on the owner',
      },
      {
        key: 'growth.market',
        text: 'How is the market the business sells into doing?',
        low: 'Shrinking, or under pressure from competitors on price.',
        high: 'Growing, with room for the business to win share.',
        action: "Gather evidence of the market's growth and the business's place in it",
      },
    ],
  },
  {
    key: 'customers',
    name: 'Customer concentration',
    questions: [
      {
        key: 'customers.largest-share',
        text: "How large is the largest customer's share of revenue?",
        low: 'More than a quarter of revenue comes from one customer.',
        high: 'No customer brings more than 5% of revenue.',
        action: 'Sign multi-year contracts with your largest customers',
      },
      {
        key: 'customers.contracts',
        text: 'Are the main customer relationships on contracts that survive a sale?',
        low: 'Handshake relationships, or contracts a buyer loses on a change of control.',
        high: 'Multi-year written contracts, assignable or surviving a change of ownership.',
        action: 'Sign multi-year contracts with your largest customers',
      },
    ],
  },
  {
    key: 'owner',
    name: 'Owner dependence',
    questions: [
      {
        key: 'owner.relationships',
        text: 'Do customers and suppliers deal with the owner personally?',
        low: 'The key relationships are with the owner; they may leave with the owner.',
        high: 'Customers and suppliers deal with the team; the owner is rarely involved.',
        action: 'Hand the key customer and supplier relationships to the team',
      },
      {
        key: 'owner.operations',
        text: 'Could the business run for three months without the owner?',
        low: 'No: the owner is the only person who can make key decisions or do key work.',
        high: 'Yes: it already runs day to day without the owner.',
        action: 'Delegate day-to-day decisions so the business runs without the owner',
      },
    ],
  },
  {
    key: 'management',
    name: 'Management and successor depth',
    questions: [
      {
        key: 'management.successor',
        text: "Is there a successor ready to take over the owner's role?",
        low: 'No successor identified.',
        high: 'A named successor already doing most of the role, willing to stay with a buyer.',
        action: "Name a successor for the owner's role who will stay with a buyer",
      },
      {
        key: 'management.team',
        text: 'How deep is the management team below the owner?',
        low: 'No managers: everyone reports to the owner.',
        high: 'A complete team with clear responsibilities and a record of results.',
        action: 'Appoint managers with clear responsibilities below the owner',
      },
      {
        key: 'management.retention',
        text: 'Are key employees likely to stay through a sale?',
        low: 'Key people may leave, with nothing to keep them.',
        high: 'Key people are committed, with retention or incentive agreements in place.',
        action: 'Sign retention or incentive agreements with key employees',
      },
    ],
  },
  {
    key: 'recurring',
    name: 'Recurring revenue',
    questions: [
      {
        key: 'recurring.share',
        text: 'How much of revenue recurs under contract or subscription?',
        low: 'None: every sale is won again each time.',
        high: 'Most revenue recurs under contracts or subscriptions.',
        action: 'Move repeat customers onto contracts or subscriptions',
      },
      {
        key: 'recurring.repeat',
        text: 'How predictable is repeat business from existing customers?',
        low: 'Little repeat business; customers buy once.',
        high: 'Customers buy again year after year, with low churn a buyer can see in the figures.',
        action: 'Show repeat business and churn by customer over the last three years',
      },
    ],
  },
  {
    key: 'systems',
    name: 'Documented systems and processes',
    questions: [
      {
        key: 'systems.processes',
        text: 'Are the core processes written down so others can follow them?',
        low: "Nothing is written down; the way things are done lives in people's heads.",
        high: 'Written, current procedures for every core process, followed in practice.',
        action: 'Write down each core process so others can follow it',
      },
      {
        key: 'systems.reporting',
        text: 'Does management get timely, reliable reporting?',
        low: 'No regular reporting; figures are known only at year end.',
        high: 'Monthly management accounts and key measures, closed within weeks.',
        action: "Close monthly management accounts within weeks of each month's end",
      },
    ],
  },
  {
    key: 'legal',
    name: 'Legal and contract matters',
    questions: [
      {
        key: 'legal.leases-contracts',
        text: 'Are the key leases and contracts secured for a buyer?',
        low: 'A key lease or contract ends within a year, with no renewal agreed.',
        high: 'Key leases and contracts run well beyond a sale and can pass to a buyer.',
        action: 'Renew the key leases and contracts to run well beyond a sale',
      },
      {
        key: 'legal.disputes',
        text: 'Are there open disputes, claims or compliance issues?',
        low: 'Open litigation or a compliance issue with an unknown cost.',
        high: 'None open, and none in recent years.',
        action: 'Settle open disputes and claims, or put a cost on each',
      },
      {
        key: 'legal.records',
        text: 'Are corporate records, licences and intellectual property in order?',
        low: 'Records incomplete; ownership of key assets unclear.',
        high: 'Complete, current records; every key asset clearly owned by the business.',
        action: 'Bring corporate records, licences and intellectual property up to date',
      },
    ],
  },
]

export const QUESTIONS = new Map(
  DRIVERS.flatMap((driver) => driver.questions.map((question) => [question.key, { ...question, driver }] as const)),
)
