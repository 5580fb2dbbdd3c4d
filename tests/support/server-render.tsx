import { PassThrough } from 'node:stream'
import type { ComponentType, ReactNode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { createRoutesStub } from 'react-router'
import english from '#locales/en/index.ts'
import urdu from '#locales/ur/index.ts'
import { setUpLanguage } from '#app/lib/i18n/i18n.ts'
import type { Lang } from '#contracts/languages.ts'
import { MarkupCacheContext, type MarkupCache } from '#app/lib/kept-markup.tsx'

/** The store's two languages, as a page's render is given them. */
const i18n = { en: setUpLanguage('en', english), ur: setUpLanguage('ur', urdu) }

/** An element drawn as the server draws a page: React's streaming renderer, all of it. */
function streamToString(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(element, {
      onAllReady() {
        const out = new PassThrough()
        const chunks: Buffer[] = []
        out.on('data', (chunk: Buffer) => chunks.push(chunk))
        out.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
        pipe(out)
      },
      onShellError: reject,
      onError: reject,
    })
  })
}

/**
 * `Component` drawn as the server draws a page at `path` (a route matching `route`): the
 * router's context, the language's, and the markup cache given (or none).
 */
export function drawPageAt({
  cache,
  lang,
  path,
  route = '*',
  Component,
}: {
  cache: MarkupCache | null
  lang: Lang
  path: string
  route?: string
  Component: ComponentType
}): Promise<string> {
  const Page = createRoutesStub([{ path: route, Component }])
  return streamToString(
    <MarkupCacheContext value={cache}>
      <I18nextProvider i18n={i18n[lang]}>
        <Page initialEntries={[path]} />
      </I18nextProvider>
    </MarkupCacheContext>,
  )
}
