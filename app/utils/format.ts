/** The first letter shown in avatars: uppercased, 'U' when there is nothing to show. */
export const initialOf = (text: string | null | undefined) => (text?.trim()[0] ?? 'U').toUpperCase()
