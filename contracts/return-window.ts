// How long after delivery a shopper may ask for an exchange or a return, apart from the
// requests' schemas (contracts/requests.ts), so the storefront's pages read it without zod
// (docs/decisions/038).

/** Days after delivery a shopper may ask, when RETURN_DAYS is not set. */
export const DEFAULT_RETURN_DAYS = 7
