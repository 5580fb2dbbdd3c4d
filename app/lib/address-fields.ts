import type { Address } from '#contracts/orders.ts'

/**
 * A field's label is the `cart` messages' `address.<name>` ('First name', 'پہلا نام'):
 * the page's language gives it (docs/decisions/022).
 */
export interface AddressField {
  name: keyof Address
  autoComplete: string
  type?: 'email' | 'tel' | 'text'
  inputMode?: 'numeric' | 'tel' | 'email'
  /** Sits beside its neighbour on wide screens. */
  half?: boolean
}

/** The nine fields of 'DELIVERY INFORMATION' (docs/spec/store-spec.md §3 and 5), in the order shown. */
export const addressFields: readonly AddressField[] = [
  { name: 'firstName', autoComplete: 'given-name', half: true },
  { name: 'lastName', autoComplete: 'family-name', half: true },
  { name: 'email', autoComplete: 'email', type: 'email', inputMode: 'email' },
  { name: 'street', autoComplete: 'street-address' },
  { name: 'city', autoComplete: 'address-level2', half: true },
  { name: 'state', autoComplete: 'address-level1', half: true },
  { name: 'pinCode', autoComplete: 'postal-code', inputMode: 'numeric', half: true },
  { name: 'country', autoComplete: 'country-name', half: true },
  { name: 'phone', autoComplete: 'tel', type: 'tel', inputMode: 'tel' },
]

export const addressFieldNames = addressFields.map((f) => f.name)
