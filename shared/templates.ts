/**
 * Conversation templates (spec §3): the four exit-planning phases, the shapes of a template's parts,
 * and the limits and messages that the backend's validation and the browser's form share.
 */

export const PHASES = [
  {
    id: 'phase-1',
    name: 'Orientation & Assessment',
    description:
      "Understand the owner's goals, timeline and readiness, and take stock of the business as a buyer would see it today.",
  },
  {
    id: 'phase-2',
    name: 'Preparation & Enhancement',
    description:
      'Close the gaps that lower value or block a deal: financial quality, dependence on the owner, contracts, team and tax position.',
  },
  {
    id: 'phase-3',
    name: 'Decision & Transition',
    description: 'Choose the exit route and the buyer or successor, negotiate the deal and hand the business over.',
  },
  {
    id: 'phase-4',
    name: 'Post-Exit Future',
    description: "Invest and protect the proceeds, and plan the owner's life, role and legacy after the exit.",
  },
] as const

export type PhaseId = (typeof PHASES)[number]['id']
export const PHASE_IDS = PHASES.map((phase) => phase.id) as [PhaseId, ...PhaseId[]]

export const phaseName = (id: string) => PHASES.find((phase) => phase.id === id)?.name ?? id

/** Spec §3 "Template section"; `timeAllocation` is in minutes, and the array's order is the meeting's. */
export interface TemplateSection {
  title: string
  suggestedScript: string
  suggestedQuestions: string[]
  keyInformation: string[]
  timeAllocation: number
}

/** Spec §3 "Follow-up action". A template is reused, so `dueDate` is relative: "Within 1 week". */
export interface FollowupAction {
  description: string
  assignedTo: string
  dueDate: string
  isRequired: boolean
}

/** Spec §9 "Template defaults". */
export const NEW_TEMPLATE_NAME = 'New Template'
export const FIRST_SECTION: TemplateSection = {
  title: 'Introduction',
  suggestedScript: '',
  suggestedQuestions: [],
  keyInformation: [],
  timeAllocation: 10,
}
export const ADDED_SECTION_MINUTES = 15

export const TEMPLATE_LIMITS = {
  name: 200,
  description: 2000,
  sections: 30,
  sectionTitle: 200,
  script: 5000,
  items: 30,
  item: 500,
  minutes: 600,
  followups: 30,
  followupDescription: 500,
  assignedTo: 100,
  dueDate: 100,
} as const

/** Spec §5 "Template", word for word. */
export const TEMPLATE_MESSAGES = {
  name: 'Template name is required',
  phase: 'Exit planning phase is required',
  sections: 'Template must have at least one section',
  sectionTitle: 'Section title is required',
  minutes: 'Time allocation must be greater than 0',
} as const

/** Spec §3: the total duration is the sum of the sections' minutes. */
export const totalMinutes = (sections: ReadonlyArray<{ timeAllocation?: number | null }>) =>
  sections.reduce((sum, section) => sum + (Number.isFinite(section.timeAllocation) ? section.timeAllocation! : 0), 0)
