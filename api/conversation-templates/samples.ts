import type { FollowupAction, PhaseId, TemplateSection } from '../../shared/templates'

/** The spec §9 sample templates every organization starts with, so advisors have a meeting ready to run on day one. */
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
      'A first working meeting with the owner to understand their personal goals, timeline and readiness, and to take a first look at the business the way a buyer would. It ends with an agreed list of documents and a date for the valuation discussion.',
    sections: [
      {
        title: 'Opening, confidentiality and agenda',
        suggestedScript:
          'Thank you for making the time. Everything you tell me today stays between us and the people you choose to involve. My aim is to understand you and the business well enough to say what a good exit could look like, so I will ask a lot of questions and do most of the listening. We will finish with a short list of next steps.',
        suggestedQuestions: [
          'What made you decide that now is the right time to start this conversation?',
          'Who else has a say in this decision: a spouse, business partners, other shareholders or family members?',
          'Which advisers do you already work with, such as a CPA, an attorney or a wealth manager?',
          'What would have to happen today for you to feel this meeting was worth your time?',
        ],
        keyInformation: [
          'What triggered the conversation now: health, an approach from a buyer, age, fatigue or the market',
          'Decision makers and other shareholders, with their ownership percentages',
          "The owner's current advisers and how to reach them",
          'What the owner expects from the engagement',
        ],
        timeAllocation: 10,
      },
      {
        title: 'Personal goals and timeline',
        suggestedScript:
          'I start with you rather than the business, because the right exit depends on what you want your life to look like afterwards. I would like to hear when you want to step back, why that date, and what you need from the sale to feel financially secure. We will also talk about what matters to you besides the price.',
        suggestedQuestions: [
          'If everything went to plan, what would a normal week look like for you two years after the exit?',
          'By what date would you like to be out of the day-to-day, and what is driving that date?',
          'How much money do you need, after tax and after paying off any debts, to never have to work again?',
          'What matters to you besides price: your employees, your customers, the company name, your community?',
          'Would you be willing to stay on for a transition period, and for how long?',
        ],
        keyInformation: [
          'Target exit date and the reason for it',
          'After-tax proceeds the owner needs for financial independence',
          'Non-financial goals, ranked by importance',
          'Willingness to stay on after closing, and for how long',
          'Preferred involvement after the exit: none, board seat, consultant or part-time role',
        ],
        timeAllocation: 20,
      },
      {
        title: 'Owner readiness: personal, financial and emotional',
        suggestedScript:
          'Owners who are ready on paper are not always ready in themselves. I would like to understand how prepared you are financially, how much of your wealth sits in the business, and how you feel about letting go. There are no wrong answers here, and it is far better to talk about this now than in the middle of a negotiation.',
        suggestedQuestions: [
          'What share of your total net worth is tied up in the business today?',
          'Outside the business, what savings, retirement accounts or property do you and your spouse have?',
          'How do you think you will feel on the first Monday morning when you no longer go to the office?',
          'Has your family talked about what your exit means for them?',
          'On a scale of one to ten, how ready do you feel to step away, and what would move that number up?',
        ],
        keyInformation: [
          'Share of net worth held in the business',
          'Assets and income outside the business',
          "The owner's self-rated readiness and what holds it back",
          "The spouse's and family's views on the exit",
        ],
        timeAllocation: 15,
      },
      {
        title: "The business through a buyer's eyes",
        suggestedScript:
          'Now I would like to look at the business the way a buyer would. Buyers pay for profit they can count on after you leave, so I will ask about your numbers, your customers, your team and how much still depends on you. This is a first look, not a valuation; we will go deeper at the next meeting.',
        suggestedQuestions: [
          'What were revenue, EBITDA and your own total pay over the last three years, and what do you expect this year?',
          'What share of revenue comes from your largest customer, and from your largest five?',
          'If you were unreachable for three months, what would slow down or stop?',
          'Who on your team could run the business day to day, and what keeps them with the company?',
          'What strengths would a competitor envy, and what would worry a buyer most?',
        ],
        keyInformation: [
          'Last three years of revenue, EBITDA and owner compensation, plus the current-year forecast',
          'Customer concentration: share of revenue from the top customer and the top five',
          'Key-person dependence: relationships, decisions and know-how that only the owner holds',
          'Depth of the management team and any agreements that keep key people',
          'First list of value drivers and value detractors',
        ],
        timeAllocation: 25,
      },
      {
        title: 'Exit routes the owner is considering',
        suggestedScript:
          'There is more than one way out of a business: a sale to a competitor or a private equity firm, a sale to your managers or to employees through an ESOP, or a transfer to family. Each one pays differently, takes a different amount of time and leaves a different legacy. I would like to hear which ones you have thought about and which you would rule out.',
        suggestedQuestions: [
          'Has anyone approached you about buying the business, and what did they propose?',
          'Is there a family member, manager or group of employees you see as a possible successor?',
          'How would you feel about a buyer changing the name, moving the business or cutting staff?',
          'Would you trade some of the price for more certainty or a faster close?',
        ],
        keyInformation: [
          'Exit routes the owner is open to, and those ruled out',
          'Previous approaches from buyers and their terms',
          'Possible family or internal successors',
          "The owner's trade-offs between price, speed, certainty and legacy",
        ],
        timeAllocation: 12,
      },
      {
        title: 'Summary and next steps',
        suggestedScript:
          'Let me summarize what I heard, and please correct me where I got it wrong. Next I will prepare a first view of value, and for that I need a few documents from you. We will meet again once I have reviewed them.',
        suggestedQuestions: [
          'Did I capture your goals and timeline correctly?',
          'Who on your side will pull the documents together?',
          'Is there anything we did not cover that worries you?',
        ],
        keyInformation: [
          "The owner's confirmation of the goals summary",
          'Document contact on the client side',
          'Date of the next meeting',
        ],
        timeAllocation: 8,
      },
    ],
    followupActions: [
      {
        description:
          'Send the last three years of financial statements and tax returns, the year-to-date accounts and a list of owner and family expenses paid by the business',
        assignedTo: 'Owner and CPA',
        dueDate: 'Within 2 weeks',
        isRequired: true,
      },
      {
        description:
          'Write up the goals summary (exit date, financial target, non-financial goals) and send it to the owner to confirm',
        assignedTo: 'Advisor',
        dueDate: 'Within 1 week',
        isRequired: true,
      },
      {
        description: 'Prepare a personal financial statement of assets, debts and income outside the business',
        assignedTo: 'Owner',
        dueDate: 'Before the next meeting',
        isRequired: true,
      },
      {
        description: 'Share the organization chart, key employee agreements and the top ten customers by revenue',
        assignedTo: 'Owner',
        dueDate: 'Before the next meeting',
        isRequired: false,
      },
      {
        description: 'Complete the owner readiness questionnaire',
        assignedTo: 'Owner',
        dueDate: 'Within 2 weeks',
        isRequired: false,
      },
    ],
  },
  {
    key: 'business-valuation',
    name: 'Business Valuation Discussion',
    phaseId: 'phase-1',
    description:
      "Walk the owner through what the business is worth today: how reported profit becomes normalized EBITDA, which approaches and multiples a buyer uses, and what raises or lowers the multiple. It ends by measuring the value gap against the owner's financial goal.",
    sections: [
      {
        title: 'What a valuation is and is not',
        suggestedScript:
          'Today we put a first number on the business, and more importantly we look at why it is that number. A valuation is a range, not a single figure, and it shows what a buyer would likely pay today, not what the business could be worth after we improve it. Please challenge anything that does not match what you know about your business.',
        suggestedQuestions: [
          'What figure do you have in mind for the business, and where does it come from?',
          'Have you had a valuation before, for a bank, a partner buyout or an estate plan?',
          'What figure would make you feel the business was worth all the work?',
        ],
        keyInformation: [
          "The owner's expected value and its source",
          'Earlier valuations, with date, purpose and result',
          'Documents the valuation is based on',
        ],
        timeAllocation: 5,
      },
      {
        title: 'Normalizing EBITDA: the add-backs',
        suggestedScript:
          "A buyer values the profit the business will earn under new ownership, not the profit on your tax return. So we start with reported EBITDA and adjust it: we bring your pay to what a hired manager would cost, add back personal expenses and one-off items, and set any rent you pay to yourself at market rate. Every adjustment needs evidence, because a buyer's accountants will test each one.",
        suggestedQuestions: [
          'What is your total pay, including salary, bonus, benefits and retirement contributions, and what would a hired general manager cost?',
          'Which personal, family or lifestyle expenses run through the company: cars, travel, insurance, family members on payroll?',
          'Were there one-off costs or income in the last three years, such as a lawsuit, a move or an unusually large order?',
          'Do you own the building, and is the rent the company pays above or below market?',
          'Are there costs a buyer would face that you do not pay today, such as a finance manager you have never hired?',
        ],
        keyInformation: [
          'Owner compensation against the market cost of a replacement',
          'Personal and family expenses to add back, with evidence for each',
          'One-off income and expenses by year',
          'Related-party rent against a market rent',
          'Normalized EBITDA for each of the last three years',
        ],
        timeAllocation: 15,
      },
      {
        title: 'Valuation approaches and multiples',
        suggestedScript:
          'There are three ways to look at value. The market approach applies the multiples paid for similar companies to your normalized EBITDA, the income approach values the cash the business will generate in future, and the asset approach looks at what the assets are worth. For a profitable private company the first two usually carry the most weight, and the multiple is where most of the discussion happens.',
        suggestedQuestions: [
          'Do you know of recent sales of companies like yours, and roughly what they sold for?',
          'What growth do you expect over the next three years, and what does it depend on?',
          'How much will the business need to spend on equipment, systems or working capital to deliver that growth?',
          'Which assets, such as property, surplus cash or vehicles, does the business hold that a buyer would not need?',
        ],
        keyInformation: [
          'Approaches used and the weight given to each',
          'Multiple range from comparable transactions and the reasons for it',
          'Forecast revenue and EBITDA with the main assumptions',
          'Capital expenditure and working capital needs',
          'Non-operating assets and debt to adjust for',
        ],
        timeAllocation: 13,
      },
      {
        title: 'Value drivers and value detractors',
        suggestedScript:
          "Two businesses with the same profit can sell for very different multiples, and the difference is risk. Recurring revenue, a wide customer base, a management team that runs things without you and clean financials push the multiple up. Dependence on you, on one large customer or on processes that live only in people's heads pulls it down.",
        suggestedQuestions: [
          'How much of revenue is recurring or under contract, and for how long?',
          'If your largest customer left, what would happen to profit?',
          'Which decisions and relationships still sit only with you?',
          'Which of your processes are written down well enough for a new owner to follow?',
        ],
        keyInformation: [
          'Share of recurring or contracted revenue',
          'Customer concentration and the risk it carries',
          'Key-person dependence and management depth',
          'Ranked list of value drivers and value detractors',
        ],
        timeAllocation: 12,
      },
      {
        title: 'The value gap',
        suggestedScript:
          'Now we compare what the business is worth today, after tax and fees, with what you told me you need for financial independence. The difference is the value gap. We can close it by increasing value, by waiting longer, by adjusting the goal, or by a mix of all three.',
        suggestedQuestions: [
          'How does this range compare with what you expected?',
          'How many years are you willing to keep working on the business to close the gap?',
          'Which would you rather change: the date, the amount, or the work ahead?',
        ],
        keyInformation: [
          'Estimated net proceeds after tax, debt and transaction costs',
          'Value gap against the financial independence target',
          "The owner's preferred way to close the gap",
        ],
        timeAllocation: 10,
      },
      {
        title: 'Value-building priorities and next steps',
        suggestedScript:
          'Let us choose the two or three changes that would add the most value in the time you have. I will turn them into a plan with an owner and a date for each, and we will review progress at every meeting.',
        suggestedQuestions: [
          'Which of these detractors could we fix in the next twelve months?',
          'Who in the business could lead each improvement?',
          'Would an independent valuation or a quality of earnings review be useful before we go further?',
        ],
        keyInformation: [
          'Top value-building priorities agreed with the owner',
          'Person responsible for each priority',
          'Decision on an independent valuation',
        ],
        timeAllocation: 5,
      },
    ],
    followupActions: [
      {
        description: 'Prepare the normalization schedule, documenting each add-back with its evidence',
        assignedTo: 'Advisor and CPA',
        dueDate: 'Within 2 weeks',
        isRequired: true,
      },
      {
        description: 'Draft the value acceleration plan for the agreed priorities, with an owner and a date for each',
        assignedTo: 'Advisor',
        dueDate: 'Within 30 days',
        isRequired: true,
      },
      {
        description: 'Provide market rent evidence for the premises and the cost of a replacement general manager',
        assignedTo: 'Owner',
        dueDate: 'Before the next meeting',
        isRequired: false,
      },
      {
        description: 'Decide whether to commission an independent valuation or a quality of earnings review',
        assignedTo: 'Owner',
        dueDate: 'Within 30 days',
        isRequired: false,
      },
    ],
  },
  {
    key: 'family-succession',
    name: 'Family Succession Planning',
    phaseId: 'phase-3',
    description:
      "A facilitated meeting with the owner and family about passing the business to the next generation: the successor's readiness, fairness to children inside and outside the business, governance, and how ownership and control will transfer.",
    sections: [
      {
        title: 'Ground rules and purpose',
        suggestedScript:
          'Thank you all for being here. Today is for listening, and nothing gets decided in this room. I will make sure everyone gets to speak, including those who do not work in the business, because a plan that only some of you support will not last.',
        suggestedQuestions: [
          'What would each of you like to get out of today?',
          'Are there topics that feel difficult to raise in front of the whole family?',
          'How have big family decisions been made in the past, and how well did that work?',
        ],
        keyInformation: [
          'Who attended and their relationship to the business',
          'Topics family members flagged as sensitive',
          'How the family usually makes decisions',
        ],
        timeAllocation: 10,
      },
      {
        title: 'Family goals and expectations',
        suggestedScript:
          'I would like to hear from each of you what you hope happens to the business and to the family. For the owner, that means your timeline and how much income you need after handing over. For the next generation, it means whether you want to work in the business, own it, or neither.',
        suggestedQuestions: [
          'When do you want to hand over day-to-day control, and when ownership?',
          'How much income do you need from the business after you step back, and for how long?',
          'Who here wants to work in the business in the long term, and in what role?',
          'What would a successful handover look like for each of you in ten years?',
        ],
        keyInformation: [
          "The owner's timeline for handing over management and ownership",
          "The owner's income need after the handover",
          "Each family member's goals and intended role",
          'Points of agreement and disagreement',
        ],
        timeAllocation: 15,
      },
      {
        title: 'Successor readiness',
        suggestedScript:
          'Running the business and owning it are two different jobs, and a successor needs to be ready for both. Let us talk honestly about the experience the successor has, what is still missing, and how employees, customers and lenders see them. Where there are gaps, we will build a development plan with a clear timeline rather than hope they close on their own.',
        suggestedQuestions: [
          'What experience has the successor gained outside the family business?',
          'Which parts of the business has the successor already run without the owner stepping in?',
          'How would the management team, key customers and the bank react to the successor as leader?',
          'If the successor is not ready in time, would a non-family manager bridge the gap?',
        ],
        keyInformation: [
          "The successor's experience, strengths and gaps",
          'Development plan with milestones and a target date',
          'Acceptance by management, key customers and lenders',
          'Contingency if the successor is not ready',
        ],
        timeAllocation: 15,
      },
      {
        title: 'Fairness versus equality and non-active heirs',
        suggestedScript:
          'Fair does not always mean equal. A child who has spent years building the business and one who has a different career may end up with different assets, and both can still be treated fairly. Let us talk about how ownership, control and the rest of the estate could be divided so that no one feels left out.',
        suggestedQuestions: [
          'Should children who do not work in the business own shares, and if so, with what say in decisions?',
          'What other assets, such as property, investments or life insurance, could balance the estate?',
          'How should family members who work in the business be paid: market salary, bonus, dividends?',
          'What would feel unfair to each of you?',
        ],
        keyInformation: [
          'Ownership and control split being considered',
          'Assets available to equalize the estate for non-active heirs',
          'Pay principles for family members in the business',
          'Fairness concerns raised by each family member',
        ],
        timeAllocation: 15,
      },
      {
        title: 'Governance and the buy-sell agreement',
        suggestedScript:
          'Families that stay together through a succession usually agree their rules before they need them. That means a regular family meeting or council, a board with at least one outside voice, and a buy-sell agreement that says what happens to shares on death, disability, divorce or a family member wanting out.',
        suggestedQuestions: [
          'Is there a shareholders or buy-sell agreement today, and when was it last updated?',
          'How will disagreements between family owners be settled?',
          'Would you welcome an independent director or adviser on the board?',
          'How should shares be valued and paid for if a family member leaves or dies?',
        ],
        keyInformation: [
          'Status of the buy-sell agreement, with its valuation and funding terms',
          'Proposed family council and board structure',
          'How disputes between family owners will be resolved',
        ],
        timeAllocation: 10,
      },
      {
        title: 'Transfer structure, tax and estate plan',
        suggestedScript:
          "Ownership can pass by sale, by gift, or a mix of the two over several years, and each choice affects taxes, your income and the successor's debt. I will not give tax advice today, but I will bring in your CPA and estate attorney so the structure works for your estate and gift planning as well as for the business.",
        suggestedQuestions: [
          'Would you prefer to sell the shares to the successor, give them, or combine both?',
          'Can the successor or the business finance a purchase, and over what period?',
          'When were your wills, trusts and powers of attorney last reviewed?',
          'Who would run the business if something happened to you tomorrow?',
        ],
        keyInformation: [
          'Preferred mix of sale and gift',
          'Financing capacity of the successor and the business',
          'Status of wills, trusts and powers of attorney',
          'Emergency continuity plan',
        ],
        timeAllocation: 10,
      },
    ],
    followupActions: [
      {
        description:
          'Draft the successor development plan with milestones, responsibilities and a target handover date',
        assignedTo: 'Advisor and successor',
        dueDate: 'Within 30 days',
        isRequired: true,
      },
      {
        description:
          'Review wills, trusts and the buy-sell agreement against the succession plan, including how the agreement is funded',
        assignedTo: 'Estate attorney',
        dueDate: 'Within 60 days',
        isRequired: true,
      },
      {
        description:
          'Model the tax and cash-flow effects of a sale, a gift and a mix of both for the owner and the successor',
        assignedTo: 'Owner and CPA',
        dueDate: 'Within 60 days',
        isRequired: true,
      },
      {
        description: 'Schedule the first family council meeting and circulate a summary of this discussion',
        assignedTo: 'Advisor',
        dueDate: 'Within 2 weeks',
        isRequired: false,
      },
      {
        description: 'Review life insurance that could equalize the estate or fund the buy-sell agreement',
        assignedTo: 'Wealth manager',
        dueDate: 'Before the next meeting',
        isRequired: false,
      },
    ],
  },
  {
    key: 'third-party-sale',
    name: 'Third-Party Sale Preparation',
    phaseId: 'phase-2',
    description:
      'Prepare the business and the owner to sell to an outside buyer: which buyers to approach, what they will examine in due diligence, and the deal terms that decide what the owner actually receives beyond the headline price.',
    sections: [
      {
        title: 'Readiness check and timeline',
        suggestedScript:
          'Before we talk about buyers, let us check where we are against the plan. A sale usually takes six to twelve months from preparation to closing, and the business has to keep performing the whole way through. I want to make sure the timing still works for you and for the business.',
        suggestedQuestions: [
          'Is your target exit date still the same, and has anything changed at home or in the business?',
          "How are this year's results tracking against the forecast?",
          'Which of the value-building priorities are done, and which are still open?',
        ],
        keyInformation: [
          'Confirmed target exit date',
          'Current-year results against forecast',
          'Status of each value-building priority',
        ],
        timeAllocation: 10,
      },
      {
        title: 'Buyer types and the right fit',
        suggestedScript:
          'Different buyers pay for different things. A strategic buyer, such as a competitor or supplier, pays for synergies; a private equity firm pays for cash flow and growth and usually wants you or your team to stay; your managers or an ESOP offer continuity but often pay part of the price over time. Let us decide which buyers fit your goals and who belongs on the list.',
        suggestedQuestions: [
          'Which competitors, suppliers or customers would gain the most from owning your business?',
          'Would you stay on for two or three years under a private equity owner?',
          'Could your management team buy the business, and how would they finance it?',
          'Are there buyers you would refuse to sell to, whatever the price?',
        ],
        keyInformation: [
          'Preferred buyer types in order: strategic, private equity, management buyout, ESOP',
          'Named potential buyers and why each fits',
          'Buyers to exclude and the reasons',
          "The owner's willingness to stay on after closing",
        ],
        timeAllocation: 15,
      },
      {
        title: 'Reducing risk before going to market',
        suggestedScript:
          'Buyers discount anything that looks risky, and the two risks they look at first are dependence on the owner and dependence on a few customers. The more we can show the business running without you and revenue spread across many customers, the better the price and the terms.',
        suggestedQuestions: [
          'Which customer relationships could you hand to someone on your team in the next six months?',
          'What would it take to lower the share of revenue from your largest customer?',
          'Which key employees would a buyer want to keep, and what would make them stay?',
          'Which customer and supplier arrangements are only verbal, and could they be put in writing?',
        ],
        keyInformation: [
          'Plan to transfer customer relationships from the owner to the team',
          'Customer concentration target and the actions to reach it',
          'Key employees, with their retention and non-compete arrangements',
          'Material agreements still undocumented',
        ],
        timeAllocation: 15,
      },
      {
        title: 'Due diligence readiness',
        suggestedScript:
          "Every problem a buyer finds late costs you money or the deal. So we run our own diligence first: we build the data room now, fix what we find, and consider a sell-side quality of earnings review so the buyer's accountants confirm our numbers rather than rebuild them. Clean monthly accounts and signed contracts are worth more than any presentation.",
        suggestedQuestions: [
          'Can you produce accurate monthly accounts within two weeks of month end?',
          'Are key customer, supplier and lease contracts signed, current and assignable on a change of control?',
          'Are there disputes, claims, tax audits or compliance issues a buyer should hear about from us first?',
          'Does the company own all the intellectual property, software and brand names it relies on?',
          'Are employment contracts, licenses and permits up to date?',
        ],
        keyInformation: [
          'Data room index and the gaps still to fill',
          'Quality of monthly reporting and audit or review status',
          'Contracts that need consent on a change of control',
          'Open disputes, claims and compliance issues',
          'Decision on a sell-side quality of earnings review',
        ],
        timeAllocation: 20,
      },
      {
        title: 'Deal structure and terms',
        suggestedScript:
          'The headline price is only part of the deal. Whether it is an asset or a share sale, how much is paid at closing, and how much depends on an earn-out, a seller note, an escrow or holdback, or equity you roll into the new company all decide what you actually receive and when. The representations and warranties you sign decide how much risk stays with you after closing, so let us set your priorities now, before a buyer sets them for you.',
        suggestedQuestions: [
          'What is the least you would need to receive in cash at closing?',
          'Would you accept part of the price as an earn-out, and what would it need to be tied to for you to feel in control of it?',
          'Would you lend part of the price to the buyer through a seller note, and on what security?',
          'Would you keep a minority stake through rollover equity for a second payout later?',
          'How much of the proceeds could you leave in escrow for a year or two to cover warranty claims?',
        ],
        keyInformation: [
          'Minimum cash at closing',
          'Position on earn-outs, seller notes and rollover equity',
          'Preference between an asset sale and a share sale, and the reasons',
          'Acceptable escrow or holdback and exposure under the representations and warranties',
        ],
        timeAllocation: 20,
      },
      {
        title: 'Tax, confidentiality and the deal team',
        suggestedScript:
          'The structure of the deal changes how much tax you pay, so your CPA should model the after-tax proceeds of the likely structures before we talk to any buyer. We also need to agree who knows about the sale and when, and assemble the deal team: an M&A attorney, your CPA, and an investment banker or broker if we use one.',
        suggestedQuestions: [
          'How is the company owned today, and has the structure been reviewed with a sale in mind?',
          'Which employees need to know early, and how will we keep the news contained?',
          'Would you rather run a broad auction or approach a few selected buyers?',
        ],
        keyInformation: [
          'Current ownership and legal structure',
          'Confidentiality circle and the plan for telling employees',
          'Deal team members and their roles',
          'Preferred sale process: broad auction or targeted approach',
        ],
        timeAllocation: 10,
      },
    ],
    followupActions: [
      {
        description:
          'Open the data room and work through the due diligence checklist, giving each gap an owner and a date',
        assignedTo: 'Owner and advisor',
        dueDate: 'Within 30 days',
        isRequired: true,
      },
      {
        description: 'Model the after-tax proceeds of an asset sale and a share sale, with and without an earn-out',
        assignedTo: 'Owner and CPA',
        dueDate: 'Before the next meeting',
        isRequired: true,
      },
      {
        description: 'Draft the buyer list with strategic, private equity and management buyout candidates',
        assignedTo: 'Advisor',
        dueDate: 'Within 30 days',
        isRequired: true,
      },
      {
        description: 'Obtain proposals for a sell-side quality of earnings review',
        assignedTo: 'Advisor',
        dueDate: 'Within 2 weeks',
        isRequired: false,
      },
      {
        description: 'Put retention agreements in place for the key employees a buyer will want to keep',
        assignedTo: 'Owner',
        dueDate: 'Within 60 days',
        isRequired: false,
      },
    ],
  },
  {
    key: 'wealth-after-exit',
    name: 'Wealth Management After Exit',
    phaseId: 'phase-4',
    description:
      'A meeting soon after closing to turn the sale proceeds into lasting income and security, update the estate plan and giving, and help the owner plan a life with purpose after the business.',
    sections: [
      {
        title: 'The liquidity event and the first 90 days',
        suggestedScript:
          'Congratulations. For the first time your wealth is in cash rather than in the business, and there is no need to rush any decision. In the first few months our job is to keep the money safe, set aside the taxes, and keep track of what the deal still owes you.',
        suggestedQuestions: [
          'How much did you receive at closing, and what is still to come from escrow, an earn-out, a seller note or rollover equity?',
          'What taxes will be due on the sale, and when?',
          'Have you promised money to anyone or committed to any large purchase?',
        ],
        keyInformation: [
          'Proceeds received at closing and where they are held',
          'Deferred proceeds, with amounts, dates and conditions',
          'Tax liabilities from the sale and their due dates',
          'Commitments already made from the proceeds',
        ],
        timeAllocation: 10,
      },
      {
        title: 'Cash-flow needs and financial independence',
        suggestedScript:
          "Your salary and the company's benefits have stopped, so your portfolio now has to pay for your life. I would like to build a clear picture of what you spend, what large expenses are coming, and what you want to fund for your family, so we know how much income the money has to produce.",
        suggestedQuestions: [
          'What do you spend in a typical year, and what do you expect to change now that you are out of the business?',
          'Which large expenses are ahead: a home, travel, education, care for a parent?',
          'Which benefits did the business pay for that you now need to replace, such as health insurance or a car?',
          'How much would you like to leave to your children or to causes you care about?',
        ],
        keyInformation: [
          'Annual spending and expected changes',
          'Planned large expenses, with timing',
          'Benefits to replace, such as health cover and insurance',
          'Sustainable withdrawal level against the financial independence target',
        ],
        timeAllocation: 12,
      },
      {
        title: 'Investment policy and risk',
        suggestedScript:
          'Running a business meant taking concentrated risk; protecting the proceeds means the opposite. We will agree an investment policy that sets your goals, how much risk you can afford and are comfortable with, how much cash to hold, and how we measure progress. Then we invest in stages rather than all at once.',
        suggestedQuestions: [
          'How would you feel, and what would you do, if the portfolio fell by a fifth in one year?',
          'How much cash would you like on hand to feel secure?',
          'Are there investments you want to avoid, or ones you want to make, such as backing other businesses?',
          'How involved do you want to be in investment decisions?',
        ],
        keyInformation: [
          'Risk tolerance and capacity for loss',
          'Cash reserve and portfolio income target',
          'Investment restrictions and preferences',
          'Plan and timeline for investing the proceeds',
        ],
        timeAllocation: 13,
      },
      {
        title: 'Estate plan, gifting and philanthropy',
        suggestedScript:
          'The sale has changed your estate, so your wills, trusts and beneficiary designations need a fresh look with your estate attorney. This is also a good moment to decide what you want to give to family during your lifetime and which causes you want to support, whether through direct gifts, a donor-advised fund or a family foundation.',
        suggestedQuestions: [
          'Do your wills and trusts still reflect your wishes now that the business is sold?',
          'Would you like to give to your children or grandchildren during your lifetime rather than only through your estate?',
          'Which causes matter most to you, and would you like your family involved in your giving?',
          'Who should make decisions for you if you were unable to?',
        ],
        keyInformation: [
          'Status of wills, trusts, powers of attorney and beneficiary designations',
          'Lifetime gifting intentions for family',
          'Philanthropic goals and the preferred giving vehicle',
          'Insurance and asset protection needs',
        ],
        timeAllocation: 15,
      },
      {
        title: 'Purpose and identity after the business',
        suggestedScript:
          'Many owners tell me the hardest part of the exit is not the money but the empty calendar and the loss of a role they held for decades. I would like to talk about how you want to spend your time, what gives you a sense of purpose now, and how your family is adjusting.',
        suggestedQuestions: [
          'What does a good week look like for you now?',
          'What do you miss about running the business, and what are you glad to leave behind?',
          'Are there boards, mentoring, new ventures or causes you would like to take on?',
          'How is your spouse or family adjusting to having you around more?',
        ],
        keyInformation: [
          "The owner's plans for their time over the next year",
          'Sources of purpose and identity outside the business',
          'Interest in boards, mentoring, investing or a new venture',
          'Signs of difficulty adjusting that need a follow-up',
        ],
        timeAllocation: 10,
      },
    ],
    followupActions: [
      {
        description: 'Draft the investment policy statement and a staged plan for investing the proceeds',
        assignedTo: 'Wealth manager',
        dueDate: 'Within 30 days',
        isRequired: true,
      },
      {
        description: 'Move the tax reserve for the sale into a separate account and confirm the payment dates',
        assignedTo: 'Owner and CPA',
        dueDate: 'Within 1 week',
        isRequired: true,
      },
      {
        description: 'Update wills, trusts, powers of attorney and beneficiary designations to reflect the sale',
        assignedTo: 'Estate attorney',
        dueDate: 'Within 60 days',
        isRequired: true,
      },
      {
        description:
          'Record the dates of escrow releases, earn-out measurements and seller note payments, and track each one',
        assignedTo: 'Advisor',
        dueDate: 'Within 2 weeks',
        isRequired: false,
      },
      {
        description: 'Compare giving options such as direct gifts, a donor-advised fund and a family foundation',
        assignedTo: 'Owner and wealth manager',
        dueDate: 'Before the next meeting',
        isRequired: false,
      },
    ],
  },
]
