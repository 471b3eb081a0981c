import {
  type ValueGapPayload as ValueGap,
  ValueGapSchema,
  type ValueGapUpdatePayload as ValueGapUpdate,
} from '#api/readiness/value-gap/contract'

import { apiJson } from './api-fetch.server'
import { apiPath } from './api-path.server'
import { expectShape } from './api-shape.server'

export type { ValueGap }

/** What the form sends: a figure sets an entry, "" clears it. */
export type ValueGapEntriesInput = Partial<Record<keyof ValueGap['entries'], string>>

/** The value gap API, bound to the signed-in request. */
export function valueGapApi(request: Request) {
  return {
    get: async () => expectShape(ValueGapSchema, await apiJson(request, apiPath('/value-gap/')), 'value gap'),
    update: (entries: ValueGapEntriesInput) =>
      apiJson<ValueGapUpdate>(request, apiPath('/value-gap/'), { method: 'PUT', json: entries }),
  }
}
