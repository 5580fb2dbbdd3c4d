import type { Address } from '#contracts/orders.ts'

export interface AddressField {
  name: keyof Address
  label: string
  autoComplete: string
  type?: 'email' | 'tel' | 'text'
  inputMode?: 'numeric' | 'tel' | 'email'
  /** Sits beside its neighbour on wide screens. */
  half?: boolean
}

/** The nine fields of 'DELIVERY INFORMATION' (docs/spec/store-spec.md §3 and 5), in the order shown. */
export const addressFields: readonly AddressField[] = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name', half: true },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name', half: true },
  { name: 'email', label: 'Email address', autoComplete: 'email', type: 'email', inputMode: 'email' },
  { name: 'street', label: 'Street', autoComplete: 'street-address' },
  { name: 'city', label: 'City', autoComplete: 'address-level2', half: true },
  { name: 'state', label: 'State', autoComplete: 'address-level1', half: true },
  { name: 'pinCode', label: 'Pin code', autoComplete: 'postal-code', inputMode: 'numeric', half: true },
  { name: 'country', label: 'Country', autoComplete: 'country-name', half: true },
  { name: 'phone', label: 'Phone', autoComplete: 'tel', type: 'tel', inputMode: 'tel' },
]

export const addressFieldNames = addressFields.map((f) => f.name)
