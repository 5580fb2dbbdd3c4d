import { PassThrough } from 'node:stream'
import type { ReactNode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import english from '#locales/en/index.ts'
import urdu from '#locales/ur/index.ts'
import { setUpLanguage } from '#app/lib/i18n/i18n.ts'

/** The store's two languages, as a page's render is given them. */
export const i18n = { en: setUpLanguage('en', english), ur: setUpLanguage('ur', urdu) }

/** An element drawn as the server draws a page: React's streaming renderer, all of it. */
export function streamToString(element: ReactNode): Promise<string> {
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
