import type { User } from '#contracts/auth.ts'
import type { AdminReview, ReviewDecision } from '#contracts/reviews.ts'
import type { AdminContext } from '#server/admin/context.ts'
import * as repo from '#server/admin/reviews-repository.ts'

// The console's decisions on reviews (docs/decisions/035): approve, hide, reply, each with
// its audit entry written in the decision's transaction, like every other console action.

/** Who last decided on a review, how and when. */
export interface ReviewDecisionEntry {
  action: string
  by: string
  at: number
}

export function createReviewDecisions(ctx: AdminContext) {
  const { db, reviews, writeAudit } = ctx

  return {
    /**
     * Approves or hides a review, with or without the store's reply. The audit entry's
     * action is `approve` or `hide` when the status changes, `reply` when only the reply
     * does, and the decision's (`approve`, `hide`) when nothing changes; before and after
     * hold the status and the reply, and the product.
     */
    async decideReview(id: string, decision: ReviewDecision, admin: User): Promise<AdminReview> {
      if (!reviews) throw new Error('The console was assembled without the reviews service')
      return reviews.decide(id, decision, async (trx, { productId, before, after }) => {
        const action =
          before.status === after.status && before.reply !== after.reply
            ? 'reply'
            : after.status === 'approved'
              ? 'approve'
              : 'hide'
        await writeAudit(trx, admin, 'review', id, action, { ...before, productId }, { ...after, productId })
      })
    },

    /** The last decision on each of these reviews (a page of the queue), from the audit log: by review id. */
    async lastReviewDecisions(reviewIds: string[]): Promise<Record<string, ReviewDecisionEntry>> {
      const rows = await repo.latestReviewEntries(db, reviewIds)
      return Object.fromEntries(rows.map((r) => [r.entity_id, { action: r.action, by: r.actor_name, at: r.at }]))
    },
  }
}
