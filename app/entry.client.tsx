import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { I18nextProvider } from 'react-i18next'
import { langOfPath } from '#contracts/languages.ts'
import { setUpLanguage } from '#app/lib/i18n/i18n.ts'
import { consoleMessages, isConsolePath } from '#app/lib/i18n/console.ts'

// The page's own language only, loaded before hydrating so the first render matches the
// server's (docs/decisions/022). Changing language loads a new document. A console page
// loads the console's messages beside them (locales/README.md).
const path = window.location.pathname
const lang = langOfPath(path)
const [messages, admin] = await Promise.all([
  lang === 'ur' ? import('#locales/ur/index.ts') : import('#locales/en/index.ts'),
  isConsolePath(path) ? consoleMessages(lang) : null,
])
const i18n = setUpLanguage(lang, admin ? { ...messages.default, admin } : messages.default)

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <HydratedRouter />
      </I18nextProvider>
    </StrictMode>,
  )
})
