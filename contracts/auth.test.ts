import { describe, expect, it } from 'vitest'
import { loginSchema, PASSWORD_MAX, PASSWORD_MIN, registrationSchema } from '#contracts/auth.ts'
import { isCommonPassword } from '#contracts/common-passwords.ts'
import { normalizeEmail } from '#contracts/fields.ts'

const valid = { name: 'Ayesha Khan', email: 'ayesha@example.com', password: 'correct horse battery' }

function firstMessage(schema: typeof registrationSchema | typeof loginSchema, input: unknown) {
  const result = schema.safeParse(input)
  expect(result.success).toBe(false)
  return result.error?.issues[0]?.message
}

describe('registration payload', () => {
  it('accepts a valid payload, trims name and email, and drops unknown fields', () => {
    expect(
      registrationSchema.parse({
        ...valid,
        name: '  Ayesha Khan ',
        email: ' ayesha@example.com ',
        _id: 'chosen-id',
        role: 'admin',
        password_hash: 'x',
      }),
    ).toEqual(valid)
  })

  it.each([
    ['name', 'Name is required'],
    ['email', 'Email is required'],
    ['password', 'Password is required'],
  ])('names %s when it is missing, empty or not text', (field, message) => {
    expect(firstMessage(registrationSchema, { ...valid, [field]: undefined })).toBe(message)
    expect(firstMessage(registrationSchema, { ...valid, [field]: '' })).toBe(message)
    expect(firstMessage(registrationSchema, { ...valid, [field]: 42 })).toBe(message)
  })

  it('treats a blank name as missing', () => {
    expect(firstMessage(registrationSchema, { ...valid, name: '   ' })).toBe('Name is required')
  })

  it.each(['ayesha', 'ayesha@', '@example.com', 'ayesha@example', 'a b@example.com'])(
    'refuses the malformed email %j',
    (email) => {
      expect(firstMessage(registrationSchema, { ...valid, email })).toBe('Enter a valid email address')
    },
  )

  it('accepts passwords of 8 to 128 characters', () => {
    expect(PASSWORD_MIN).toBe(8)
    expect(PASSWORD_MAX).toBe(128)
    expect(registrationSchema.safeParse({ ...valid, password: 'k7#pQ2!z' }).success).toBe(true)
    expect(registrationSchema.safeParse({ ...valid, password: 'k'.repeat(128) }).success).toBe(true)
  })

  it('refuses passwords shorter than 8 or longer than 128 characters', () => {
    expect(firstMessage(registrationSchema, { ...valid, password: 'k7#pQ2!' })).toBe(
      'Password must be at least 8 characters',
    )
    expect(firstMessage(registrationSchema, { ...valid, password: 'k'.repeat(129) })).toBe(
      'Password must be at most 128 characters',
    )
  })

  it.each(['password', '12345678', 'Password1', 'QWERTY123', 'pakistan123'])(
    'refuses the common password %j',
    (password) => {
      expect(isCommonPassword(password)).toBe(true)
      expect(firstMessage(registrationSchema, { ...valid, password })).toBe('Password is too common, choose another')
    },
  )

  it('does not mistake an ordinary password for a common one', () => {
    expect(isCommonPassword('correct horse battery')).toBe(false)
  })

  it('refuses a body that is not an object', () => {
    expect(registrationSchema.safeParse(null).success).toBe(false)
    expect(registrationSchema.safeParse([valid]).success).toBe(false)
  })
})

describe('login payload', () => {
  it('requires email and password, naming each', () => {
    const result = loginSchema.safeParse({})
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Email is required', 'Password is required'])
  })

  it('does not apply the registration rules: any wrong password is just wrong', () => {
    expect(loginSchema.safeParse({ email: valid.email, password: 'short' }).success).toBe(true)
    expect(loginSchema.safeParse({ email: valid.email, password: 'password' }).success).toBe(true)
  })

  it('caps the password length so a huge body never reaches the hash', () => {
    expect(firstMessage(loginSchema, { email: valid.email, password: 'k'.repeat(1025) })).toBe('Password is too long')
  })

  it('checks the email format', () => {
    expect(firstMessage(loginSchema, { email: 'nope', password: 'whatever1' })).toBe('Enter a valid email address')
  })
})

describe('normalizeEmail', () => {
  it('makes addresses unique case-insensitively', () => {
    expect(normalizeEmail('  Ayesha.Khan@Example.COM ')).toBe('ayesha.khan@example.com')
  })
})
