import { serveWork } from '../../../runtime/work-pool'
import { matchChecklist } from './matching'

export interface MatchTask {
  rules: Parameters<typeof matchChecklist>[0]
  documents: Parameters<typeof matchChecklist>[1]
  now: Date
  confirmed: ReadonlyMap<string, number>
}

serveWork({
  match: ({ rules, documents, now, confirmed }: MatchTask) => matchChecklist(rules, documents, { now, confirmed }),
})
