import fs from 'node:fs'
import path from 'node:path'
import { direction, type Lang } from '#contracts/languages.ts'
import en from '#locales/en/server.json' with { type: 'json' }
import ur from '#locales/ur/server.json' with { type: 'json' }

// The line's waiting page (docs/decisions/030): a string, no React and no database, so a
// crowd costs the store almost nothing to answer. No script: the meta refresh brings the
// visitor back with their ticket; the styles are inline (the CSP allows them) and the
// page stands alone at 390 px. Its words are the `server` namespace's, in both languages.

type Key = keyof typeof en
const MESSAGES: Record<Lang, Record<Key, string>> = { en, ur }

/** A text of the line in a language; the API answers in English (locales/README.md). */
export const lineText = (lang: Lang, key: Key): string => MESSAGES[lang][key]

export const API_MESSAGE: Key = 'The store is very busy. Please try again in a few seconds.'

/** The built Urdu face's address (its name carries a hash), read once at start; none without a build. */
export function urduFontUrl(clientDir: string | undefined): string | undefined {
  if (!clientDir) return undefined
  try {
    const name = fs.readdirSync(path.join(clientDir, 'assets')).find((f) => /^noto-nastaliq-urdu-.*\.woff2$/.test(f))
    return name ? `/assets/${name}` : undefined
  } catch {
    return undefined
  }
}

const withQuery = (url: string, pair: string) => `${url}${url.includes('?') ? '&' : '?'}${pair}`

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/** The query that asks for the waiting page without its refresh (WCAG 2.2.1: the visitor may turn it off). */
export const NO_REFRESH = { name: 'refresh', value: 'off' } as const

export interface WaitingPage {
  lang: Lang
  /** Seconds until the page refreshes itself (the same as Retry-After); null: it does not. */
  seconds: number | null
  /** The address to come back to: the one asked for, path and query, without NO_REFRESH. */
  retryUrl: string
  storeName: string
  urduFont: string | undefined
}

export function waitingPage({ lang, seconds, retryUrl, storeName, urduFont }: WaitingPage): string {
  const t = (key: Key) => escapeHtml(lineText(lang, key))
  const urdu = lang === 'ur'
  const fontFace =
    urdu && urduFont
      ? `@font-face{font-family:'Noto Nastaliq Urdu';font-display:swap;src:url('${escapeHtml(urduFont)}') format('woff2')}`
      : ''
  const family = urdu
    ? `'Noto Nastaliq Urdu','Noto Naskh Arabic',ui-sans-serif,system-ui,sans-serif`
    : `ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif`
  return `<!doctype html>
<html lang="${lang}" dir="${direction(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${seconds === null ? '' : `<meta http-equiv="refresh" content="${seconds}">\n`}<meta name="robots" content="noindex">
<title>${t('You are in line')} · ${escapeHtml(storeName)}</title>
<style>
${fontFace}
*{box-sizing:border-box}
html{color-scheme:light}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:1.5rem;background:#faf8f5;color:#1c1917;font-family:${family};line-height:${urdu ? '2.1' : '1.5'}}
main{max-width:32rem;width:100%;padding:2rem 1.5rem;background:#fff;border:1px solid #e4ddd2;border-radius:1rem;text-align:center}
.store{margin:0 0 1.25rem;font-size:.875rem;font-weight:600;color:#8b2942${urdu ? '' : ';letter-spacing:.08em;text-transform:uppercase'}}
h1{margin:0 0 .75rem;font-size:${urdu ? '1.6rem' : '1.75rem'};font-weight:${urdu ? '400' : '700'};line-height:${urdu ? '2' : '1.25'}}
p{margin:0 0 1.5rem;font-size:1.0625rem;color:#57534e}
.dots{display:flex;justify-content:center;gap:.5rem;margin:0 0 1.5rem}
.dots span{width:.625rem;height:.625rem;border-radius:50%;background:#8b2942;animation:pulse 1.4s ease-in-out infinite}
.dots span:nth-child(2){animation-delay:.2s}
.dots span:nth-child(3){animation-delay:.4s}
@keyframes pulse{0%,80%,100%{opacity:.25}40%{opacity:1}}
@media (prefers-reduced-motion:reduce){.dots span{animation:none;opacity:.6}}
.button{display:inline-block;padding:.75rem 1.25rem;border-radius:.5rem;background:#8b2942;color:#fff;font-weight:600;text-decoration:none}
.button:hover{background:#6d1f33}
a:focus-visible{outline:2px solid #8b2942;outline-offset:3px}
.stop{margin:1.25rem 0 0;font-size:.9375rem}
.stop a{color:#6d1f33;text-decoration:underline;text-underline-offset:${urdu ? '.7em' : '.2em'}}
</style>
</head>
<body>
<main>
<p class="store" dir="auto">${escapeHtml(storeName)}</p>
<h1>${t('You are in line')}</h1>
<div class="dots" aria-hidden="true"><span></span><span></span><span></span></div>
<p>${
    seconds === null
      ? t('Many shoppers are in the store right now. Your place is kept: press Try again now whenever you like.')
      : t('Many shoppers are in the store right now. Your place is kept, and this page will refresh by itself.')
  }</p>
<a class="button" href="${escapeHtml(retryUrl)}">${t('Try again now')}</a>
${seconds === null ? '' : `<p class="stop"><a href="${escapeHtml(withQuery(retryUrl, `${NO_REFRESH.name}=${NO_REFRESH.value}`))}">${t('Stop refreshing this page')}</a></p>\n`}</main>
</body>
</html>
`
}
