import type { FollowupAction, PhaseId, TemplateSection } from '../../shared/templates'

/** The spec §9 sample templates every organization starts with, written as an advisor runs those meetings. */
export interface SampleTemplate {
  /** Stable key: seeding inserts a sample once per organization and never touches it again. */
  key: string
  name: string
  phaseId: PhaseId
  description: string
  sections: TemplateSection[]
  followupActions: FollowupAction[]
}

export const SAMPLE_TEMPLATES: readonly SampleTemplate[] = [
  {
    key: 'initial-discovery',
    name: 'Initial Discovery Meeting',
    phaseId: 'phase-1',
    description:
      'A first working meeting with the owner: their goals and timeline, how ready they and the business are, and what a buyer would see today.',
    sections: [
      {
        title: 'Welcome and purpose',
        suggestedScript:
          'Thank you for making the time. Today is about understanding you and your business, not about selling anything. By the end we should agree on what a good exit looks like for you and what we need to look at next.',
        suggestedQuestions: [
          'What prompted you to start thinking about an exit now?',
          'Who else should be part of these conversations: a spouse, partners, family members?',
          'What would make this meeting worthwhile for you?',
        ],
        keyInformation: [
          'Who attends and who decides',
          'The trigger for the conversation',
          "The owner's expectations of the process",
        ],
        timeAllocation: 10,
      },
      {
        title: 'Personal goals and timeline',
        suggestedScript:
          "Most exits succeed or fail on the owner's personal goals, so I'd like to start there. Tell me what life after the business looks like for you, and when you would like it to start.",
        suggestedQuestions: [
          'When would you ideally like to be out of the business, and how firm is that date?',
          'How much do you need from the sale to live the life you want afterwards?',
          'What role, if any, would you like to keep after the exit?',
          'What matters most to you beyond price: employees, legacy, the name, the community?',
        ],
        keyInformation: [
          'Target exit date and the reason for it',
          'After-tax proceeds needed for financial independence',
          'Non-financial goals in order of importance',
          'Preferred post-exit role and time commitment',
        ],
        timeAllocation: 25,
      },
      {
        title: 'The business today',
        suggestedScript:
          "Now let's look at the business the way a buyer would. I'll ask about the numbers, the customers and the team, and where it depends on you personally.",
        suggestedQuestions: [
          'What were revenue, EBITDA and your own compensation over the last three years?',
          'How much of revenue comes from your largest five customers?',
          'What would happen if you were away for three months?',
          'Who in the team could run the business without you?',
        ],
        keyInformation: [
          'Last three years of revenue, EBITDA and owner compensation',
          'Customer concentration: share of the top customer and the top five',
          'Key-person dependence on the owner',
          'Depth of the management team',
        ],
        timeAllocation: 25,
      },
      {
        title: 'Exit options and readiness',
        suggestedScript:
          "There are several ways out: a sale to a strategic or financial buyer, to your managers, to employees, or a transfer to family. Each fits different goals. Let's see which ones fit yours and how ready you feel for each.",
        suggestedQuestions: [
          'Have you had any approaches from buyers, and how did you respond?',
          'Is there a family member or manager you see as a possible successor?',
          'How prepared do you feel, personally and financially, to step away?',
        ],
        keyInformation: [
          'Exit routes the owner is open to',
          'Previous approaches and their terms',
          'Personal, financial and emotional readiness',
        ],
        timeAllocation: 20,
      },
      {
        title: 'Next steps',
        suggestedScript:
          'Here is what I suggest we do next and what I need from you. We will meet again once we have the documents, to discuss value and the gaps to close.',
        suggestedQuestions: ['Who will gather the documents on your side?', 'When can we meet again?'],
        keyInformation: ['Agreed next meeting date', 'Document owner on the client side'],
        timeAllocation: 10,
      },
    ],
    followupActions: [
      {
        description: 'Send three years of financial statements, tax returns and the current year to date',
        assignedTo: 'Owner and CPA',
        dueDate: 'Within 2 weeks',
        isRequired: true,
      },
      {
        description: 'Write up the owner goals summary and confirm it with the owner',
        assignedTo: 'Advisor',
        dueDate: 'Within 1 week',
        isRequired: true,
      },
      {
        description: 'Share the organization chart and key employee agreements',
        assignedTo: 'Owner',
        dueDate: 'Before the next meeting',
        isRequired: false,
      },
    ],
  },
  {
    key: 'business-valuation',
    name: 'Business Valuation Discussion',
    phaseId: 'phase-1',
    description:
      'Walk the owner through what the business is worth today, how a buyer arrives at that figure, and the gap to what the owner needs.',
    sections: [
      {
        title: 'From reported profit to normalized EBITDA',
        suggestedScript:
          'Buyers value the profit the business will earn for them, not the profit on your tax return. We start from reported EBITDA and adjust for what will not continue after a sale.',
        suggestedQuestions: [
          'What do you pay yourself, and what would a hired general manager cost?',
          'Which personal or family expenses run through the business?',
          'Were there one-off costs or income in the last three years?',
          'Do you rent property from yourself, and is the rent at market rate?',
        ],
        keyInformation: [
          'Owner compensation against a market salary',
          'Personal expenses to add back, with evidence',
          'One-off items by year',
          'Related-party rent against market rent',
        ],
        timeAllocation: 20,
      },
      {
        title: 'Valuation approaches and the range',
        suggestedScript:
          'We look at value three ways: multiples of earnings paid for similar companies, the cash flows the business will generate, and its assets. The answer is a range, and where you land in it depends on risk.',
        suggestedQuestions: [
          'Do you know of sales of similar companies, and what they sold for?',
          'What growth do you expect over the next three years, and why?',
          'Which assets would a buyer not need?',
        ],
        keyInformation: [
          'Comparable transactions known to the owner',
          'Forecast and its assumptions',
          'Non-operating assets',
        ],
        timeAllocation: 15,
      },
      {
        title: 'Value drivers and detractors',
        suggestedScript:
          'Two companies with the same profit can sell for very different multiples. Recurring revenue, a strong team and diverse customers raise it; dependence on you or on one customer lowers it.',
        suggestedQuestions: [
          'How much of revenue is recurring or under contract?',
          'Which customers or suppliers could you not afford to lose?',
          'Which decisions still need you personally?',
        ],
        keyInformation: [
          'Share of recurring revenue',
          'Customer and supplier concentration',
          'Owner dependence in daily decisions',
        ],
        timeAllocation: 15,
      },
      {
        title: 'The value gap and next steps',
        suggestedScript:
          "Let's compare today's range with what you need from the sale. If there is a gap, we decide whether to close it by growing value, by waiting, or by adjusting the goal.",
        suggestedQuestions: [
          'How does this range compare with what you expected?',
          'How long are you willing to work on closing the gap?',
        ],
        keyInformation: ['Value gap against the financial goal', 'Time the owner will invest in closing it'],
        timeAllocation: 10,
      },
    ],
    followupActions: [
      {
        description: 'Prepare the normalization schedule with each add-back documented',
        assignedTo: 'Advisor and CPA',
        dueDate: 'Within 2 weeks',
        isRequired: true,
      },
      {
        description: 'Decide whether to commission an independent valuation',
        assignedTo: 'Owner',
        dueDate: 'Before the next meeting',
        isRequired: false,
      },
      {
        description: 'List the value drivers to work on, with an owner and a date each',
        assignedTo: 'Advisor',
        dueDate: 'Within 30 days',
        isRequired: true,
      },
    ],
  },
  {
    key: 'family-succession',
    name: 'Family Succession Planning',
    phaseId: 'phase-3',
    description:
      'A meeting with the owner and family about handing the business to the next generation: the successor, fairness to every child, governance and the terms of the transfer.',
    sections: [
      {
        title: 'Family goals and ground rules',
        suggestedScript:
          "Thank you all for coming. Today everyone's view matters, and nothing is decided in this room. We want to understand what each of you hopes for the business and for the family.",
        suggestedQuestions: [
          'What does each of you want the business to look like in ten years?',
          'Who sees themselves working in the business, and in what role?',
          'What worries you most about the transition?',
        ],
        keyInformation: ['Each family member’s goals', 'Who wants an active role', 'Concerns raised, by person'],
        timeAllocation: 15,
      },
      {
        title: 'Successor readiness',
        suggestedScript:
          "Running the business is different from owning it. Let's talk honestly about the experience the successor has, what is still missing, and how the team sees them.",
        suggestedQuestions: [
          'What experience does the successor have outside the family business?',
          'Which parts of the job has the successor already run alone?',
          'How would the management team react to the successor as leader?',
        ],
        keyInformation: [
          'Successor’s experience and gaps',
          'Development plan and timeline',
          'Management team acceptance',
        ],
        timeAllocation: 20,
      },
      {
        title: 'Fairness, ownership and non-active heirs',
        suggestedScript:
          "Fair does not always mean equal. Children who work in the business and those who do not may receive different assets. Let's discuss how the estate can treat everyone fairly.",
        suggestedQuestions: [
          'Should children who do not work in the business own shares?',
          'What other assets could balance the estate?',
          'How will decisions be made if the owners disagree?',
        ],
        keyInformation: [
          'Ownership split under consideration',
          'Assets available to equalize',
          'Need for a buy-sell agreement',
        ],
        timeAllocation: 20,
      },
      {
        title: 'Transfer terms and tax',
        suggestedScript:
          'A transfer can be a sale, a gift, or a mix over time. Each has tax and cash-flow consequences for you and for the successor, so your tax adviser and estate attorney need to be part of this.',
        suggestedQuestions: [
          'How much income do you need from the business after the transfer?',
          'Is the successor able to finance a purchase, and over what period?',
          'Is your estate plan up to date?',
        ],
        keyInformation: [
          'Owner’s income need after transfer',
          'Financing capacity of the successor',
          'Status of wills and estate plan',
        ],
        timeAllocation: 15,
      },
      {
        title: 'Governance and next steps',
        suggestedScript:
          "Let's agree how the family will keep talking about this: a regular family meeting, and who we bring in next.",
        suggestedQuestions: ['How often should the family meet on this?'],
        keyInformation: ['Agreed family meeting schedule'],
        timeAllocation: 5,
      },
    ],
    followupActions: [
      {
        description: 'Draft the successor development plan with milestones',
        assignedTo: 'Advisor and successor',
        dueDate: 'Within 30 days',
        isRequired: true,
      },
      {
        description: 'Review wills, trusts and the buy-sell agreement',
        assignedTo: 'Estate attorney',
        dueDate: 'Within 60 days',
        isRequired: true,
      },
      {
        description: 'Schedule the first family council meeting',
        assignedTo: 'Owner',
        dueDate: 'Within 2 weeks',
        isRequired: false,
      },
    ],
  },
  {
    key: 'third-party-sale',
    name: 'Third-Party Sale Preparation',
    phaseId: 'phase-2',
    description:
      'Prepare the business and the owner for a sale to an outside buyer: who the buyers are, what they will check, and the deal terms that matter beyond price.',
    sections: [
      {
        title: 'Buyer types and what they pay for',
        suggestedScript:
          "Strategic buyers pay for synergies, private equity pays for cash flow and growth, and each expects different things from you after the deal. Let's decide which buyers to approach.",
        suggestedQuestions: [
          'Which competitors, suppliers or customers might want to buy you?',
          'Would you stay on for a few years under a private equity owner?',
          'Are there buyers you would refuse to sell to?',
        ],
        keyInformation: ['Target buyer types', 'Named potential strategic buyers', 'Buyers to exclude'],
        timeAllocation: 20,
      },
      {
        title: 'Due diligence readiness',
        suggestedScript:
          'Everything a buyer finds late costs you money or the deal. We build the data room now and fix what we find before anyone else sees it, ideally with a quality of earnings review.',
        suggestedQuestions: [
          'Are all key contracts signed, current and assignable?',
          'Are there disputes, claims or compliance issues we should know about?',
          'How quickly can you produce monthly accounts?',
        ],
        keyInformation: [
          'Contracts needing consent on a change of control',
          'Open disputes and compliance issues',
          'Quality of monthly reporting',
        ],
        timeAllocation: 25,
      },
      {
        title: 'Deal structure',
        suggestedScript:
          'The headline price is only part of the deal. Asset or share sale, earn-outs, seller notes, escrows and rolled-over equity decide what you actually receive, and when.',
        suggestedQuestions: [
          'How much of the price must you receive in cash at closing?',
          'Would you accept an earn-out, and tied to what?',
          'Would you keep a minority stake?',
        ],
        keyInformation: [
          'Minimum cash at closing',
          'Attitude to earn-outs and seller financing',
          'Interest in rollover equity',
        ],
        timeAllocation: 20,
      },
      {
        title: 'Tax and proceeds',
        suggestedScript:
          'The structure changes how the sale is taxed. Before we talk to buyers, your tax adviser should model the after-tax proceeds of the structures we expect.',
        suggestedQuestions: [
          'Who is your tax adviser, and have they seen our plan?',
          'How is the company owned today?',
        ],
        keyInformation: ['Tax adviser contact', 'Current ownership structure'],
        timeAllocation: 15,
      },
      {
        title: 'Confidentiality and the team',
        suggestedScript:
          "News of a sale travels fast. Let's agree who knows, when key employees are told, and how we keep them through the deal.",
        suggestedQuestions: ['Which employees must know early?', 'Would retention bonuses help keep key people?'],
        keyInformation: ['Employees inside the circle', 'Retention plan for key staff'],
        timeAllocation: 10,
      },
    ],
    followupActions: [
      {
        description: 'Open the data room and fill the due diligence checklist',
        assignedTo: 'Owner and advisor',
        dueDate: 'Within 30 days',
        isRequired: true,
      },
      {
        description: 'Commission a quality of earnings review',
        assignedTo: 'Owner',
        dueDate: 'Within 60 days',
        isRequired: false,
      },
      {
        description: 'Model after-tax proceeds for an asset sale and a share sale',
        assignedTo: 'Tax adviser',
        dueDate: 'Before the next meeting',
        isRequired: true,
      },
    ],
  },
  {
    key: 'wealth-after-exit',
    name: 'Wealth Management After Exit',
    phaseId: 'phase-4',
    description:
      "After the sale: turn the proceeds into lasting income, protect them, and plan the owner's time, purpose and legacy.",
    sections: [
      {
        title: 'The liquidity event',
        suggestedScript:
          'For the first time, your wealth is in cash rather than in the business. There is no rush: we first make sure the proceeds are safe and the taxes are set aside.',
        suggestedQuestions: [
          'How much did you receive at closing, and what is still to come from earn-outs or notes?',
          'What taxes are due, and when?',
          'Have you made any commitments with the proceeds already?',
        ],
        keyInformation: ['Proceeds received and still due', 'Tax liabilities and dates', 'Commitments already made'],
        timeAllocation: 15,
      },
      {
        title: 'Cash-flow needs and investment policy',
        suggestedScript:
          "Your salary has stopped, so the portfolio has to pay for your life. Let's work out what you spend, what you want to fund, and how much risk you can live with.",
        suggestedQuestions: [
          'What do you spend in a year, and what big expenses are ahead?',
          'How would you feel if the portfolio fell by a fifth in a year?',
          'What income do you want the portfolio to produce?',
        ],
        keyInformation: ['Annual spending and planned expenses', 'Risk tolerance', 'Income target for the portfolio'],
        timeAllocation: 20,
      },
      {
        title: 'Estate plan and giving',
        suggestedScript:
          'With the business sold, your estate plan needs updating. This is also the time to decide what you want to give to family and to causes you care about.',
        suggestedQuestions: [
          'Does your estate plan reflect the sale?',
          'What would you like to give to your children, and when?',
          'Which causes would you like to support?',
        ],
        keyInformation: ['Estate plan status', 'Gifting intentions', 'Philanthropic goals'],
        timeAllocation: 15,
      },
      {
        title: 'Purpose after the exit',
        suggestedScript:
          "Many owners find the hardest part is not the money but the empty calendar. Let's talk about how you want to spend your time and what gives you a sense of purpose now.",
        suggestedQuestions: [
          'What does a good week look like for you now?',
          'Is there something you have always wanted to do?',
        ],
        keyInformation: ['Plans for time and involvement', 'Sources of purpose and identity'],
        timeAllocation: 10,
      },
    ],
    followupActions: [
      {
        description: 'Draft the investment policy statement',
        assignedTo: 'Wealth manager',
        dueDate: 'Within 30 days',
        isRequired: true,
      },
      {
        description: 'Update wills, trusts and beneficiary designations',
        assignedTo: 'Estate attorney',
        dueDate: 'Within 60 days',
        isRequired: true,
      },
      {
        description: 'Set aside the tax reserve in a separate account',
        assignedTo: 'Owner and CPA',
        dueDate: 'Within 1 week',
        isRequired: false,
      },
    ],
  },
]
