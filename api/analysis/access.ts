import { requireRole } from '../auth/access'
import type { OrgCaller } from '../kernel/context'

/** Analysis is for admins and analysts (spec §6); members are answered 403. */
export const requireAnalyst = (caller: OrgCaller) => requireRole(caller, ['analyst'])
