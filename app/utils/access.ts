/**
 * Who may do what, for the pages (client-safe). The loaders and actions enforce it with
 * `requireRole`; these only decide what a page shows.
 */

/** The texts of a 403 page (spec §2), shown by the routes' error boundary. */
export const ACCESS_DENIED = {
  administration: 'Access Denied: You do not have permission to access the organization administration page.',
  analysis: 'You do not have permission to access the analysis features.',
  /** A page the spec gives no text of its own (and /unauthorized). */
  other: 'You do not have the role this page requires. Ask an administrator of your organization if you need access.',
} as const

/** What each role is called on the pages. */
export const ROLE_LABELS: Record<string, string> = { admin: 'Administrator', analyst: 'Analyst', member: 'Member' }
export const roleLabel = (role: string) => ROLE_LABELS[role] ?? role

/** The rule of `requireRole`, for what a page shows: admins pass every check (spec §6). */
export const hasRole = (role: string | null | undefined, roles: readonly string[]) =>
  role === 'admin' || (role != null && roles.includes(role))

/** Upload, edit, delete and reprocess documents (spec §6: admins and analysts). */
export const canManageDocuments = (role: string | null | undefined) => hasRole(role, ['analyst'])

/** Create, edit and delete conversation templates (admins and analysts; members read and use them). */
export const canManageTemplates = (role: string | null | undefined) => hasRole(role, ['analyst'])

/** Schedule, edit and delete meetings and upload their transcripts (admins and analysts; members read). */
export const canManageMeetings = (role: string | null | undefined) => hasRole(role, ['analyst'])

/** Run document analyses: /analysis and the document panel's Analysis & Insights tab (admins and analysts). */
export const canAnalyze = (role: string | null | undefined) => hasRole(role, ['analyst'])

/** Assigning, annotating and setting aside checklist items, and adding some (decision 040). */
export const canManageChecklist = (role: string | null | undefined) => hasRole(role, ['analyst'])
