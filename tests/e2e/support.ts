import { expect, type Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'

// Helpers shared by the browser specs.

/** In the page: whether React has hydrated `main` (its element carries React's `__react*` keys). */
export const isHydrated = () => {
  const main = document.querySelector('main')
  return main !== null && Object.keys(main).some((k) => k.startsWith('__react'))
}

/** Opens a page and waits until React has hydrated it, so clicks reach their handlers. */
export async function open(page: Page, path: string) {
  await page.goto(path)
  await page.waitForFunction(isHydrated)
}

/** The page's serious and critical axe violations (of the `include` selector only, if given), as `id: targets`. */
export async function seriousViolations(page: Page, include?: string) {
  // The colours as they rest: no hover left by the last click, no transition half run
  // (axe once read a button's white text on its background halfway to ink).
  await page.mouse.move(0, 0)
  // Transitions only: they end by themselves (an endless animation, a spinner, never would).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    ).then(() => undefined),
  )
  const axe = new AxeBuilder({ page })
  const { violations } = await (include ? axe.include(include) : axe).analyze()
  return violations
    .filter((v) => ['serious', 'critical'].includes(v.impact ?? ''))
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** Fails the test on any serious or critical axe violation (of the `include` selector only, if given). */
export async function expectNoSeriousViolations(page: Page, include?: string) {
  expect(await seriousViolations(page, include)).toEqual([])
}

/**
 * Fails the test if the page is wider than the window. `scrollToEnd` first scrolls to the bottom,
 * so lazy images and late layout are in place; `networkIdle` then also waits for the network to settle.
 */
export async function expectNoSidewaysScroll(page: Page, { scrollToEnd = false, networkIdle = false } = {}) {
  if (scrollToEnd) await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  if (networkIdle) await page.waitForLoadState('networkidle')
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }))
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
}

/** Console errors and uncaught exceptions of the page as they happen, less page errors matching `ignorePageErrors`. */
export function collectErrors(page: Page, { ignorePageErrors }: { ignorePageErrors?: RegExp } = {}): string[] {
  const errors: string[] = []
  page.on('console', (m) => {
    // The dev server's hot-reload socket is not part of the store.
    if (m.type() === 'error' && !/websocket|\[vite\]/i.test(m.text())) errors.push(m.text())
  })
  page.on('pageerror', (e) => {
    if (!ignorePageErrors?.test(e.message)) errors.push(e.message)
  })
  return errors
}
