import Decimal from 'decimal.js'

import { type Computation, type Part, writeParts } from '../../ai/tables/compute'
import { SCALES } from '../../ai/tables/rows'
import { type Scale } from '../../ai/text/scales'
import type { FactQuestion } from './fact-question'

/**
 * "How many … above $600,000": the question's threshold, read once for the strategies that count
 * what passes it (customers of a list, months of a year). Figures compare at their stated scale.
 */
export function thresholdOf(threshold: NonNullable<FactQuestion['threshold']>) {
  const limit = new Decimal(threshold.value).times(threshold.scale ? SCALES[threshold.scale] : 1)
  return {
    passes(value: Decimal, scale: Scale | null) {
      const full = value.times(scale ? SCALES[scale] : 1)
      return threshold.above ? full.greaterThan(limit) : full.lessThan(limit)
    },
    /** The count, its working ending "; 3 of 12 above 1300000", and what passed when named. */
    counted(parts: Part[], past: number, of: number, named = ''): Computation {
      const all = [...parts, `; ${past} of ${of} ${threshold.above ? 'above' : 'below'} ${limit.toFixed()}${named}`]
      return {
        value: new Decimal(past),
        display: String(past),
        scale: null,
        unit: null,
        derivation: writeParts(all),
        parts: all,
      }
    },
  }
}
