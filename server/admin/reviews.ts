import type { User } from '#contracts/auth.ts'
import type { AdminReview, ReviewDecision } from '#contracts/reviews.ts'
import type { AdminContext } from '#server/admin/context.ts'

// The console's decisions on reviews (docs/decisions/035): approve, hide, reply, each with
// its audit entry written in the decision's transaction, like every other console action.

export function createReviewDecisions(ctx: AdminContext) {
  const { reviews, writeAudit } = ctx

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
  }
}
