/** The words of accounts both tiers read: a member's roles, how a user signs in, an invitation's states. */

export const ROLES = ['admin', 'analyst', 'member'] as const
export type Role = (typeof ROLES)[number]
export const AUTH_PROVIDERS = ['jwt', 'google'] as const
export type AuthProvider = (typeof AUTH_PROVIDERS)[number]
export const INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const
export type InvitationStatus = (typeof INVITATION_STATUSES)[number]
