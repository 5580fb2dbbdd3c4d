import { describe, expect, it } from 'vitest'
import {
  newsletterCode,
  newsletterNotice,
  SUBSCRIBE_FAILED,
  SUBSCRIBE_INVALID,
  SUBSCRIBE_REQUIRED,
  SUBSCRIBE_THANKS,
} from '#app/features/home/newsletter.ts'

describe('newsletter notices for the no-JavaScript round trip', () => {
  it('turns every result into a code and back into the same message', () => {
    for (const result of [
      { ok: true, message: SUBSCRIBE_THANKS },
      { ok: false, message: SUBSCRIBE_INVALID },
      { ok: false, message: SUBSCRIBE_REQUIRED },
      { ok: false, message: SUBSCRIBE_FAILED },
    ]) {
      expect(newsletterNotice(newsletterCode(result))).toEqual(result)
    }
  })

  it('reads other validation messages as an invalid address', () => {
    expect(newsletterCode({ ok: false, message: 'Email must be at most 254 characters' })).toBe('invalid')
  })

  it('ignores codes it does not know, including inherited names', () => {
    expect(newsletterNotice(null)).toBeNull()
    expect(newsletterNotice('')).toBeNull()
    expect(newsletterNotice('hello')).toBeNull()
    expect(newsletterNotice('toString')).toBeNull()
  })
})
