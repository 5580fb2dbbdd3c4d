import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { I18nextProvider } from 'react-i18next'
import { langOfPath } from '#contracts/languages.ts'
import { setUpLanguage } from '#app/lib/i18n/i18n.ts'

// The page's own language only, loaded before hydrating so the first render matches the
// server's (docs/decisions/022). Changing language loads a new document.
const lang = langOfPath(window.location.pathname)
const messages = lang === 'ur' ? await import('#locales/ur/index.ts') : await import('#locales/en/index.ts')
const i18n = setUpLanguage(lang, messages.default)

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
