// Screenshots of store pages at phone (390 px) and desktop (1280 px) widths, to look
// at them as a person would: node scripts/screenshots.ts [--base URL] [--full]
// [--cookie 'name=value'] /path …  (--cookie: a signed-in session's, for personal pages)
// Writes screenshots/<name>-<width>.png (not committed).
import fs from 'node:fs'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { chromiumArgs, findChromium } from './chromium.ts'

const args = process.argv.slice(2)
let base = 'http://127.0.0.1:3000'
let fullPage = false
const cookies: string[] = []
const paths: string[] = []
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--base') base = args[++i] ?? base
  else if (args[i] === '--full') fullPage = true
  else if (args[i] === '--cookie') cookies.push(args[++i] ?? '')
  else paths.push(args[i]!)
}
if (paths.length === 0) paths.push('/')

const out = path.resolve(import.meta.dirname, '..', 'screenshots')
fs.mkdirSync(out, { recursive: true })
const browser = await chromium.launch({
  executablePath: findChromium(),
  args: chromiumArgs,
})
for (const width of [390, 1280]) {
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 844 : 800 },
    deviceScaleFactor: 1,
    isMobile: width < 500,
    hasTouch: width < 500,
  })
  await context.addCookies(
    cookies.map((c) => {
      const at = c.indexOf('=')
      return { name: c.slice(0, at), value: c.slice(at + 1), url: base }
    }),
  )
  const page = await context.newPage()
  page.on('console', (m) => {
    if (m.type() === 'error') console.log(`console error on ${page.url()}: ${m.text()}`)
  })
  for (const p of paths) {
    await page.goto(base + p, { waitUntil: 'networkidle' })
    const name = (p.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home') + `-${width}.png`
    await page.screenshot({ path: path.join(out, name), fullPage })
    console.log(path.join(out, name))
  }
  await context.close()
}
await browser.close()
