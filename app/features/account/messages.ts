import type { TFunction } from 'i18next'
import type { FieldErrors } from '#app/lib/forms.ts'
import { translateMessage } from '#app/lib/i18n/i18n.ts'

// The server and the forms' checks write English (the API answers in English); the account
// pages show them in the page's language. Fixed messages are looked up in the `server`
// namespace by their English text; the few with a number in them are read here.

/** What the sign-in limits count (server/auth: `tooMany`), by their English words. */
const limits = {
  'failed sign-in attempts': 'tooMany.signIn',
  'accounts were created from your network': 'tooMany.registrations',
  'requests to reset a password': 'tooMany.resets',
  'verification emails': 'tooMany.verification',
  'wrong passwords': 'tooMany.passwords',
  'wrong codes': 'tooMany.codes',
} as const

const TOO_MANY = /^Too many (.+)\. Try again in (\d+) minutes?\.$/
const OPEN_ORDERS = /^You have (\d+|an) orders? that (?:is|are) not finished yet\./

/** A message from the server or a form check, in the page's language. */
export function accountMessage(t: TFunction, message: string): string {
  const tooMany = TOO_MANY.exec(message)
  if (tooMany) {
    const key = limits[tooMany[1] as keyof typeof limits] as (typeof limits)[keyof typeof limits] | undefined
    if (key) return t(key, { ns: 'account', count: Number(tooMany[2]) })
  }
  const open = OPEN_ORDERS.exec(message)
  if (open) return t('delete.openOrders', { ns: 'account', count: open[1] === 'an' ? 1 : Number(open[1]) })
  return translateMessage(t, message)
}

/** An optional message, translated when there is one. */
export function maybeMessage(t: TFunction, message: string | undefined): string | undefined {
  return message ? accountMessage(t, message) : undefined
}

/** Each field's message in the page's language. */
export function translateErrors(t: TFunction, errors: FieldErrors): FieldErrors {
  const translated: FieldErrors = {}
  for (const [name, message] of Object.entries(errors)) {
    if (message) translated[name] = accountMessage(t, message)
  }
  return translated
}
