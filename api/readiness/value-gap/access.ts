import { requireRole } from '../../auth/access'
import type { OrgCaller } from '../../kernel/context'

/** Entering multiples, rates, the goal and overrides: admin and analyst; members read. */
export const requireValueGapEditor = (caller: OrgCaller) => requireRole(caller, ['analyst'])

export const canEditValueGap = (caller: OrgCaller) => caller.role === 'admin' || caller.role === 'analyst'
