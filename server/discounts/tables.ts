// The tables the discounts domain owns: the codes and the uses orders hold of them
// (docs/decisions/026). Only this domain's code reads and writes them, but for the
// exceptions docs/ARCHITECTURE.md lists (Boundaries). server/db/schema.ts joins every
// domain's tables into Kysely's Database.

export interface DiscountCodesTable {
  id: string
  /** Upper-cased (contracts/discounts.ts, normalizeCode); unique. */
  code: string
  /** 'percent', 'fixed' or 'free_delivery'. */
  kind: string
  /** A percent, or rupees; 0 for free delivery. */
  value: number
  min_subtotal: number
  starts_at: number | null
  ends_at: number | null
  max_uses: number | null
  max_uses_per_customer: number | null
  first_order_only: number
  applies_to_sale: number
  /** Orders holding a use now: claimed in the order's transaction, given back on Cancelled and Returned. */
  used: number
  /** 'owner' (made in the console) or 'newsletter' (a subscriber's own, not listed in the console). */
  origin: string
  created_at: number
  updated_at: number
}

/** One order's use of a code; deleted when the order gives the use back. */
export interface DiscountRedemptionsTable {
  order_id: string
  discount_id: string
  user_id: string | null
  /** The phone in international digits (contracts/phone.ts). */
  phone_key: string
  created_at: number
}

export interface DiscountTables {
  discount_codes: DiscountCodesTable
  discount_redemptions: DiscountRedemptionsTable
}
