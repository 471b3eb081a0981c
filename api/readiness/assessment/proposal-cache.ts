import { keptResults } from '../../kernel/kept-results'
import type { Proposals } from './proposals/shared'

// Organizations whose proposals a process keeps (a few kilobytes each), for the day they were read.
const KEPT_ORGANIZATIONS = 500

/** The proposals a process keeps, by organization, search generation and day; never changed once kept. */
export const createProposalCache = () => keptResults<Proposals>({ max: KEPT_ORGANIZATIONS })
export type ProposalCache = ReturnType<typeof createProposalCache>

declare module '../../kernel/context' {
  interface Deps {
    readinessProposals: ProposalCache
  }
}
