/** The words of accounts both tiers read: an organization member's roles and how a user signs in. */

export const ROLES = ['admin', 'analyst', 'member'] as const
export type Role = (typeof ROLES)[number]
export const AUTH_PROVIDERS = ['jwt', 'google'] as const
export type AuthProvider = (typeof AUTH_PROVIDERS)[number]
