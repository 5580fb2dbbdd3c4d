export const LANGUAGES = ['en', 'ur'] as const
export type Lang = (typeof LANGUAGES)[number]
export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}
