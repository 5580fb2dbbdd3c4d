// Table types: what the database holds. Never a query's result type outside the
// repositories; services map rows to the API's shapes (docs/STYLE.md).
// Times are epoch milliseconds; money is whole rupees; flags are 0/1 integers so
// the same queries run on SQLite and PostgreSQL.

export interface UsersTable {
  id: string
  name: string
  email: string
  email_normalized: string
  password_hash: string | null
  google_sub: string | null
  created_at: number
  /** 'customer' or 'admin' (docs/spec/rulings.md #25); admins are made by the CLI only. */
  role: string
  /** When the owner proved the address (a verification link, a password reset, or Google); null until then. */
  email_verified_at: number | null
  /**
   * When the password was set by someone who proved they hold the address (a reset link,
   * or the CLI creating an admin); null after registration. Promotion to admin needs it.
   */
  password_proven_at: number | null
}

export interface SessionsTable {
  token_hash: string
  user_id: string
  created_at: number
  expires_at: number
  /** An admin's last console request (docs/decisions/019); null: none since the session began. */
  last_console_at: number | null
}

/** An account's TOTP (docs/decisions/015). */
export interface TwoFactorTable {
  user_id: string
  /** The confirmed secret (base32); null while only a setup is pending. */
  secret: string | null
  enabled_at: number | null
  /** The time step (30 s) of the last code accepted: no code at or before it is accepted again. */
  last_step: number | null
  /** A setup shown to the admin and not yet confirmed with a code. */
  pending_secret: string | null
  pending_at: number | null
}

export interface RecoveryCodesTable {
  user_id: string
  /** sha256 of the code as shown, lower case without dashes. */
  code_hash: string
  used_at: number | null
}

/** The Login page's code step: a correct password waiting for its code. */
export interface LoginChallengesTable {
  token_hash: string
  user_id: string
  /** sha256 of the account's password hash when the challenge was made: a password change voids it. */
  password_mark: string
  created_at: number
  expires_at: number
}

export interface ProductsTable {
  id: string
  name: string
  /** The name in lower case (JavaScript's folding): what search matches. */
  name_search: string
  description: string
  price: number
  category: string
  sub_category: string
  image1: string
  image2: string
  image3: string
  image4: string
  best_seller: number
  position: number
  created_at: number
  /** When the product last changed: the product list's ETag moves with it. */
  updated_at: number
  /** 1: taken off sale by the console; the storefront never shows it. */
  archived: number
}

export interface ProductSizesTable {
  product_id: string
  position: number
  size: string
  /** Pieces on the shelf; never below 0 (docs/spec/rulings.md #24). */
  stock: number
  // The product's, copied for the facet counts (migration 2026-11-24T0650); the
  // catalog's repository writes them with the product and keeps them in step.
  archived: number
  category: string
  sub_category: string
  price: number
}

export interface SizeChartRowsTable {
  product_id: string
  position: number
  size: string
  chest: string | null
  length: string | null
  waist: string | null
  sleeves: string | null
}

export interface CartItemsTable {
  user_id: string
  product_id: string
  size: string
  quantity: number
  /** When the line was first added: the cart's order. */
  added_at: number
  updated_at: number
}

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
}

export interface OrderEventsTable {
  order_id: string
  position: number
  at: number
  from_status: string | null
  to_status: string
  actor: string
  note: string | null
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

/** A shopper's saved delivery address: the checkout's fields (contracts/orders.ts addressSchema). */
export interface SavedAddressesTable {
  id: string
  user_id: string
  first_name: string
  last_name: string
  email: string
  street: string
  city: string
  state: string
  pin_code: string
  country: string
  phone: string
  /** 1 for the one address the checkout fills in first; at most one per account. */
  is_default: number
  created_at: number
  updated_at: number
}

/** A shopper's request to be emailed when a sold-out size is back (one email, then it goes). */
export interface StockAlertsTable {
  user_id: string
  product_id: string
  size: string
  created_at: number
}

export interface NewsletterSubscribersTable {
  email_normalized: string
  email: string
  created_at: number
  /** Double opt-in: when the owner confirmed from the email; null until then. */
  confirmed_at: number | null
  /** When the confirmation email was last written, so a form cannot flood an inbox. */
  confirmation_sent_at: number | null
}

/** The distinct words of product names, for correcting a mistyped search (server/catalog/search.ts). */
export interface CatalogTermsTable {
  term: string
}

/** What an admin changed, for the console's history (entity 'order' or 'product'). */
export interface AuditLogTable {
  id: string
  at: number
  actor_id: string
  /** The admin's name when they acted. */
  actor_name: string
  entity: string
  entity_id: string
  action: string
  /** JSON, or null when there was nothing before (or after). */
  before: string | null
  after: string | null
}

/** A message waiting to be sent, or sent (docs/decisions/011). */
export interface MailOutboxTable {
  id: string
  /** What the message is about: order-placed, order-shipped, password-reset… */
  kind: string
  to_address: string
  subject: string
  /** Empty once sent (docs/decisions/018): the links in it leave with the message. */
  text_body: string
  html_body: string
  /** Extra headers as JSON (List-Unsubscribe), or null; null once sent. */
  headers: string | null
  /** pending, sent or failed (no attempts left). */
  status: string
  attempts: number
  created_at: number
  next_attempt_at: number
  lease_until: number | null
  lease_owner: string | null
  sent_at: number | null
  /** smtp, log or kept. */
  delivered_by: string | null
  last_error: string | null
  /** The account the message is for, when its cause has one: deleting the account deletes it. */
  user_id: string | null
}

/** A password-reset token, by its SHA-256; used once, within the hour. */
export interface PasswordResetsTable {
  token_hash: string
  user_id: string
  created_at: number
  expires_at: number
  used_at: number | null
}

/** The ids of single-use links already used. */
export interface UsedLinksTable {
  id: string
  used_at: number
}

export interface StoreSecretsTable {
  name: string
  value: string
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

/** A shared rate limiter's window for one key (PostgreSQL; docs/decisions/013). */
export interface RateLimitsTable {
  key: string
  count: number
  reset_at: number
}

/** A job that runs once across instances, claimed under a lease (docs/decisions/017). */
export interface JobLeasesTable {
  name: string
  owner: string | null
  lease_until: number
  last_run_at: number | null
}

export interface Database {
  users: UsersTable
  sessions: SessionsTable
  two_factor: TwoFactorTable
  recovery_codes: RecoveryCodesTable
  login_challenges: LoginChallengesTable
  products: ProductsTable
  product_sizes: ProductSizesTable
  size_chart_rows: SizeChartRowsTable
  catalog_terms: CatalogTermsTable
  cart_items: CartItemsTable
  orders: OrdersTable
  order_items: OrderItemsTable
  order_events: OrderEventsTable
  newsletter_subscribers: NewsletterSubscribersTable
  stock_alerts: StockAlertsTable
  saved_addresses: SavedAddressesTable
  audit_log: AuditLogTable
  mail_outbox: MailOutboxTable
  password_resets: PasswordResetsTable
  used_links: UsedLinksTable
  store_secrets: StoreSecretsTable
  idempotency_keys: IdempotencyKeysTable
  rate_limits: RateLimitsTable
  job_leases: JobLeasesTable
}
