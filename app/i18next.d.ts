import type english from '#locales/en/index.ts'

// Typed keys: a key missing from the English messages is a type error (locales/README.md).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common'
    resources: typeof english
    keySeparator: false
    nsSeparator: false
  }
}
