import type { getValueGap, updateValueGap } from './service'

// The response bodies of the value gap API, for the web tier's client (`import type` only).
export type ValueGapPayload = Awaited<ReturnType<typeof getValueGap>>
export type ValueGapInputPayload = ValueGapPayload['inputs']['goal_after_tax']
export type ValueGapSourcePayload = NonNullable<ValueGapInputPayload['source']>
export type ValueGapUpdatePayload = Awaited<ReturnType<typeof updateValueGap>>
