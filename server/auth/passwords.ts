import { hash, verify, type Options } from '@node-rs/argon2'

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. The library's Algorithm is a
// const enum, which type stripping cannot read: 2 is its Argon2id.
const options: Options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 }

export function hashPassword(password: string): Promise<string> {
  return hash(password, options)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

let dummy: Promise<string> | undefined
/** Spends the same work as a real check, so an unknown email is not faster to refuse. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('kapra-timing-equaliser')
  await verifyPassword(await dummy, password)
}
