import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server'
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from 'react-router'
import { errorFields } from '#server/http/logger.ts'
import { isDatabaseUnavailable } from '#server/db/unavailable.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { deferHydration } from '#app/lib/deferred-boot.server.ts'
import { I18nextProvider } from 'react-i18next'
import { i18nFor, setUpLanguage } from '#app/lib/i18n/i18n.ts'
import { loadConsoleMessages } from '#app/lib/i18n/console.ts'
import { LANGUAGES } from '#contracts/languages.ts'
import { requestLang } from '#app/lib/i18n/language.ts'
import { MarkupCacheContext } from '#app/lib/kept-markup.tsx'
import { createMarkupCache } from '#app/lib/kept-markup.server.ts'
import english from '#locales/en/index.ts'
import urdu from '#locales/ur/index.ts'

// The server process reads the context key from here, so it is the app's own.
export { appContext }

export const streamTimeout = 5_000

/** Cards' markup, drawn once each (docs/decisions/040): about a thousand cards, 4 MB at most. */
const markupCache = createMarkupCache({ maxChars: 2 * 1024 * 1024 })

// Both languages' messages, once: a page is rendered in the language its URL names. The
// console's too, in each language it is written in (English only: locales/README.md).
setUpLanguage('en', english)
setUpLanguage('ur', urdu)
await Promise.all(LANGUAGES.map((lang) => loadConsoleMessages(i18nFor(lang))))

/**
 * Every error a loader, action or render throws on the server, in the process's JSON
 * log with the request id (the page shows the error boundary). A thrown 404 is an
 * answer, not a fault; a shopper who left mid-request is not one either.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted || isRouteErrorResponse(error)) return
  const { services, requestId, faults } = context.get(appContext)
  // The page is answered 503 with the outage page instead (server/pages.ts).
  if (isDatabaseUnavailable(error)) faults.database = true
  services.logger.error('page failed', {
    requestId,
    method: request.method,
    path: new URL(request.url).pathname,
    ...errorFields(error),
  })
}

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers })
  const { nonce, services, requestId, forEveryGuest } = loadContext.get(appContext)

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    // Crawlers get the whole page at once, so previews and indexing see everything; so does
    // a page kept for every guest, which is the same whoever asks (server/page-cache.ts).
    const readyOption: keyof RenderToPipeableStreamOptions =
      forEveryGuest || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    const { pipe, abort } = renderToPipeableStream(
      <MarkupCacheContext value={markupCache}>
        <I18nextProvider i18n={i18nFor(requestLang(request))}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </MarkupCacheContext>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId)
              timeoutId = undefined
              callback()
            },
          })
          headers.set('Content-Type', 'text/html; charset=utf-8')
          const html = deferHydration(nonce)
          html.pipe(body)
          pipe(html)
          resolve(new Response(createReadableStreamFromReadable(body), { headers, status }))
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)))
        },
        onError(error: unknown) {
          status = 500
          // Before the shell too: a render that fails there is answered by the error page, and logged here.
          if (!request.signal.aborted) {
            services.logger.error('page render failed', {
              requestId,
              path: new URL(request.url).pathname,
              shellRendered,
              ...errorFields(error),
            })
          }
        },
      },
    )
  })
}
