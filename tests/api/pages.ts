import fs from 'node:fs'
import path from 'node:path'
import { createApp } from '#server/app.ts'
import { buildDir, clientDir, productionPages } from '#server/pages.ts'
import type { TestStore } from '#tests/api/harness.ts'

/** The built storefront is there (`npm run build`; the test gate builds it before the API suite). */
export const pagesBuilt = fs.existsSync(path.join(buildDir, 'server/index.js'))

/** The store as it serves: API, static files and every page rendered by the built storefront. */
export async function appWithPages(store: TestStore) {
  return createApp({ services: store.services, clientDir, pages: await productionPages() })
}

/**
 * A page's multipart form (the console's product form) as a browser without scripts
 * posts it: every field as rendered, files left empty, no submit button's value.
 */
export function formOf(html: string): FormData {
  const decode = (v: string) =>
    v
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&')
  const attr = (tag: string, name: string) => {
    const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)
    return m ? decode(m[1]!) : undefined
  }
  const start = html.search(/enctype="multipart\/form-data"/i)
  const body = html.slice(start, html.indexOf('</form>', start))
  const form = new FormData()
  for (const m of body.matchAll(
    /<input\b[^>]*>|<textarea\b[^>]*>([\s\S]*?)<\/textarea>|<select\b[^>]*>([\s\S]*?)<\/select>/g,
  )) {
    const tag = m[0]
    const name = attr(tag, 'name')
    if (!name) continue
    if (tag.startsWith('<textarea')) form.append(name, decode(m[1] ?? ''))
    else if (tag.startsWith('<select')) {
      const options = [...(m[2] ?? '').matchAll(/<option\b([^>]*)>([^<]*)<\/option>/g)]
      const chosen = options.find((o) => /\sselected/.test(o[1]!)) ?? options[0]
      form.append(name, decode(chosen?.[2] ?? ''))
    } else if (attr(tag, 'type') === 'file') form.append(name, new Blob([]), '')
    else if (attr(tag, 'type') === 'checkbox') {
      if (/\schecked/.test(tag)) form.append(name, 'on')
    } else form.append(name, attr(tag, 'value') ?? '')
  }
  return form
}
