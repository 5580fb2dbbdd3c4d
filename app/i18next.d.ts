import type english from '#locales/en/index.ts'
import type admin from '#locales/en/admin.json'
import type mail from '#locales/en/mail.json'

// Typed keys: a key missing from the English messages is a type error (locales/README.md).
// The emails' namespace is the server's own (server/mail/i18n.ts), and the console's is
// loaded on its own (app/lib/i18n/console.ts); both are typed here with the rest.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common'
    resources: typeof english & { mail: typeof mail; admin: typeof admin }
    keySeparator: false
    nsSeparator: false
  }
}
