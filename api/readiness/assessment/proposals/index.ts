import { withDocumentScale } from '../../../ai/retrieval/document-scale'
import { retrieve } from '../../../ai/retrieval/hybrid'
import { linkFacts } from '../../../facts/fact-links'
import { organizationFacts } from '../../../facts/organization-facts'
import type { Deps, OrgCaller } from '../../../kernel/context'
import { accountsAssurance } from './accounts'
import { chooseLargestCustomer, CUSTOMER_FACTS, customerFactsCited, largestCustomer } from './customers'
import { leaseEnding } from './lease'
import { ownerDependence } from './owner'
import { recurringShare } from './recurring'
import type { Proposals } from './shared'

export type { Proposal, ProposalKey, Proposals } from './shared'

/*
 * Answers of the readiness assessment proposed from an organization's documents (issue 34, item 1;
 * decision 043). A proposal is made only on evidence, and cites it exactly: the cell as written, or
 * the sentence. Where the documents hold none, or disagree, there is no proposal and the reason
 * says why. The advisor accepts or changes every proposal; nothing here is an answer. Figures are
 * read from the facts ingestion stored (api/facts/); what owners write in sentences is still read
 * from retrieved passages.
 */

// Passages read per question: chat's own number at most, as the value gap's evidence reads them.
const MAX_PASSAGES = 8

/**
 * Reads what the documents say for each question they can answer. `now` is the day a lease's end is
 * measured from; `generation` the organization's search generation, as the caller's membership read
 * it. Every chunk, fact and term these read raises it when it changes (migrations 0011 and 0031), so
 * a view reads the documents only when they changed since the last, or on a new day.
 */
export function readProposals(
  deps: Deps,
  caller: Pick<OrgCaller, 'organizationId'>,
  generation: number,
  now: Date,
): Promise<Proposals> {
  const topK = Math.min(deps.config.ANSWER_PASSAGES, MAX_PASSAGES)
  const day = now.toISOString().slice(0, 10)
  return deps.readinessProposals.get([caller.organizationId, generation, day, deps.embeddings.model, topK], () =>
    proposeAnswers(deps, caller.organizationId, topK, now),
  )
}

async function proposeAnswers(deps: Deps, organizationId: number, topK: number, now: Date): Promise<Proposals> {
  const passagesFor = async (query: string) =>
    withDocumentScale(deps, organizationId, await retrieve(deps, { organizationId, query, topK, mode: 'hybrid' }))
  const dependence = ownerDependence(
    await passagesFor('the only person who knows I handle all relationships are with me no successor take over'),
  )
  const customer = chooseLargestCustomer(await organizationFacts(deps, organizationId, CUSTOMER_FACTS))
  const links = await linkFacts(deps, organizationId, customerFactsCited(customer))
  return {
    'customers.largest-share': largestCustomer(customer, links),
    ...dependence,
    'financial.assurance': accountsAssurance(
      await passagesFor('financial statements audited unaudited compiled reviewed by accountant'),
    ),
    'legal.leases-contracts': leaseEnding(await passagesFor('lease ends expires term renewal premises'), now),
    'recurring.share': recurringShare(await passagesFor('recurring revenue contracts subscriptions share of revenue')),
  }
}
