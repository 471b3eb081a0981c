import argon2 from 'argon2'

// OWASP's argon2id baseline (19 MiB, 2 passes): strong, and cheap enough that sign-ins under load
// and the test suite's many sign-ins stay fast on a 2-core machine.
const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export const hashPassword = (password: string) => argon2.hash(password, options)

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  // Unknown users are checked against a throwaway hash so that timing does not reveal which
  // usernames exist.
  const target = hash ?? (await dummyHash)
  const ok = await argon2.verify(target, password).catch(() => false)
  return ok && hash !== null
}

const dummyHash = hashPassword('not-a-real-password')
