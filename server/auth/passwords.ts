import os from 'node:os'
import { hash, verify, type Options } from '@node-rs/argon2'
import { turns } from '#server/http/turns.ts'

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. The library's Algorithm is a
// const enum, which type stripping cannot read: 2 is its Argon2id.
const options: Options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 }

/**
 * At most one hash or check a core at once (docs/decisions/047). Each holds 19 MiB while it
 * runs, on one of libuv's four threads; more at once than the cores can run is no faster,
 * only more memory (sign-ups four at a time lifted the process 76 MiB) and fewer threads
 * left for the files the store serves. The others wait their turn, in order.
 */
export const passwordWork = turns(Math.max(1, Math.min(os.availableParallelism(), 4)))

export function hashPassword(password: string): Promise<string> {
  return passwordWork.run(() => hash(password, options))
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await passwordWork.run(() => verify(passwordHash, password))
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
