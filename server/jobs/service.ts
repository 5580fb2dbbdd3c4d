import { randomUUID } from 'node:crypto'
import type { Db } from '#server/db/database.ts'
import * as repo from '#server/jobs/repository.ts'

export type JobService = ReturnType<typeof createJobService>

/** What a job's run is given: `stillMine()` renews the lease and says whether to go on. */
export interface JobRun {
  stillMine(): Promise<boolean>
}

/**
 * Work that must happen once across every instance of the store (docs/decisions/017),
 * the way the outbox's worker claims a message (docs/decisions/011): a run first takes
 * the job's lease; an instance that finds it held skips the run. A run that outlives its
 * lease (a stalled process) may meet another, so each step of a job re-checks its own
 * work in its own transaction as well.
 */
export function createJobService(db: Db, now: () => number = Date.now) {
  return {
    /**
     * Runs `work` under the job's lease for `leaseMs` (renewed by stillMine()); answers
     * what it returned, or undefined when another instance holds the lease.
     */
    async runOnce<T>(name: string, leaseMs: number, work: (run: JobRun) => Promise<T>): Promise<T | undefined> {
      const owner = randomUUID()
      if (!(await repo.claim(db, { name, owner, now: now(), leaseUntil: now() + leaseMs }))) return undefined
      try {
        return await work({
          stillMine: () => repo.renew(db, { name, owner, now: now(), leaseUntil: now() + leaseMs }),
        })
      } finally {
        await repo.release(db, { name, owner, now: now() })
      }
    },
  }
}
