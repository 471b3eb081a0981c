import { requireRole } from '../../auth/access'
import type { OrgCaller } from '../../kernel/context'

export const TASK_NOT_FOUND = 'Task not found'

/** Adding, changing and removing tasks: admin and analyst; members read the plan. */
export const requireActionEditor = (caller: OrgCaller) => requireRole(caller, ['analyst'])

export const canEditActions = (caller: OrgCaller) => caller.role === 'admin' || caller.role === 'analyst'
