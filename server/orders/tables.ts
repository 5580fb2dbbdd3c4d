// The tables the orders domain owns: orders, their lines and moves, the Idempotency-Key answers.
// Only this domain's code reads and writes them, but for the exceptions docs/ARCHITECTURE.md lists
// (Boundaries). server/db/schema.ts joins every domain's tables into Kysely's Database.

export interface OrdersTable {
  id: string
  /** Null once the account is deleted: the order stays, anonymised (docs/decisions/012). */
  user_id: string | null
  subtotal: number
  delivery_fee: number
  amount: number
  status: string
  payment: number
  payment_method: string
  first_name: string
  last_name: string
  email: string
  street: string
  city: string
  state: string
  pin_code: string
  country: string
  phone: string
  /** The phone in international digits (contracts/phone.ts), to find a customer's returns. */
  phone_key: string
  courier: string | null
  tracking_number: string | null
  created_at: number
  /** 'en' or 'ur' (contracts/languages.ts): the store's language it was placed in; null reads as 'en'. */
  language: string | null
  /** The discount code the order used, upper-cased; null for none (docs/decisions/026). */
  discount_code: string | null
  /** Rupees the code took off: amount = subtotal + delivery_fee − discount. */
  discount: number
  /** Why the order needs the owner's look before it is packed (a JSON list of reasons); null for none. */
  attention: string | null
  /** An exchange order's original (order_requests); null for any other order. */
  exchange_for: string | null
}

/** Phones the store looks at before shipping to (README, "Orders that need attention"), by key (contracts/phone.ts). */
export interface PhoneBlocklistTable {
  phone_key: string
  /** As the owner wrote it. */
  phone: string
  reason: string
  created_at: number
  /** The admin who added it, by name. */
  created_by: string
}

export interface OrderItemsTable {
  order_id: string
  position: number
  product_id: string
  name: string
  price: number
  image: string
  size: string
  quantity: number
}

export interface OrderEventsTable {
  order_id: string
  position: number
  at: number
  from_status: string | null
  to_status: string
  actor: string
  note: string | null
  /** A step of an exchange or return request (contracts/requests.ts requestSteps), the status unchanged; null for a move. */
  request_step: string | null
}

/**
 * A shopper's exchange or return of pieces of a Delivered order (docs/decisions/036). At
 * most one an order is open or approved at a time (a partial unique index).
 */
export interface OrderRequestsTable {
  id: string
  order_id: string
  /** Null once the account is deleted, as its orders' are. */
  user_id: string | null
  /** 'exchange' or 'return'. */
  kind: string
  /** 'open', 'approved', 'declined' or 'received'. */
  status: string
  /**
   * The pieces, as a JSON list of { productId, name, size, quantity, newSize, price, image }:
   * a snapshot of the order's lines (price paid) and the sizes wanted, never queried by field.
   */
  items: string
  reason: string
  note: string
  /** The photos' image keys, a JSON array of at most three. */
  photos: string
  decision_note: string | null
  /** An approved exchange's new order. */
  exchange_order_id: string | null
  refund_method: string | null
  refund_reference: string | null
  created_at: number
  decided_at: number | null
  received_at: number | null
}

/** The first answer to a shopper's Idempotency-Key on placeorder (docs/decisions/013). */
export interface IdempotencyKeysTable {
  user_id: string
  key: string
  request_hash: string
  status: number
  response: string
  created_at: number
}

export interface OrderTables {
  orders: OrdersTable
  order_items: OrderItemsTable
  order_events: OrderEventsTable
  idempotency_keys: IdempotencyKeysTable
  phone_blocklist: PhoneBlocklistTable
  order_requests: OrderRequestsTable
}
