import type { Page } from '@playwright/test'
import { expect, test } from '#tests/e2e/fixtures.ts'
import { expectNoSeriousViolations, seriousViolations } from '#tests/e2e/support.ts'
import { NEWSLETTER_THANKS } from '#contracts/newsletter.ts'

// Hydration, fake clocks and axe in one test: room for a cold dev server (E2E_DEV) on a busy machine.
test.describe.configure({ timeout: 60_000 })

const uniqueEmail = () => `shopper.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`

/**
 * Fake timers that move only when the test says so (runFor), however slow the machine:
 * a clock that also flows in real time would let the prompt or the slides move on mid-test.
 */
async function stopClock(page: Page) {
  const start = new Date('2026-03-02T09:00:00Z')
  await page.clock.install({ time: start })
  await page.clock.pauseAt(new Date(start.getTime() + 1000))
}

/** The app boots a frame after the page has loaded (docs/decisions/006): under a stopped clock, let that frame pass. */
async function letAppBoot(page: Page) {
  await page.clock.runFor(100)
}

function hero(page: Page) {
  return page.getByRole('region', { name: 'Featured collections' })
}

/** The first slot's video is mounted by the browser, so its presence means the page is hydrated. */
async function waitForHydratedHero(page: Page) {
  // Generous: the first page of a cold dev server takes a while to hydrate.
  await expect(hero(page).locator('video source[type="video/webm"]')).toHaveAttribute('src', '/hero/hero-1.webm', {
    timeout: 20_000,
  })
}

test.describe('home: hero', () => {
  test('shows the first slot with its link, slot controls and a video', async ({ page }) => {
    await page.goto('/')
    await expect(hero(page)).toBeVisible()
    await expect(hero(page).getByRole('heading', { name: 'Fresh pieces for the new season' })).toBeVisible()
    await expect(hero(page).getByRole('link', { name: 'Shop Women' })).toHaveAttribute(
      'href',
      '/collection?category=Women',
    )
    for (const n of [1, 2, 3, 4]) {
      await expect(hero(page).getByRole('button', { name: `Show slide ${n}` })).toBeVisible()
    }
    await expect(hero(page).getByRole('button', { name: 'Show slide 1' })).toHaveAttribute('aria-current', 'true')
    await waitForHydratedHero(page)
    await expect(hero(page).locator('video source[type="video/mp4"]')).toHaveAttribute('src', '/hero/hero-1.mp4')
    // The poster is the page's largest image: fetched first, with its size reserved.
    const poster = hero(page).locator('img').first()
    await expect(poster).toHaveAttribute('fetchpriority', 'high')
    await expect(poster).toHaveAttribute('width', '1280')
    await expect(poster).toHaveAttribute('height', '720')
  })

  test('rotates every 3 seconds and a slot button jumps to its slot', async ({ page }) => {
    await stopClock(page)
    await page.goto('/')
    await letAppBoot(page)
    await waitForHydratedHero(page)
    await page.clock.runFor(3000)
    await expect(hero(page).getByRole('button', { name: 'Show slide 2' })).toHaveAttribute('aria-current', 'true')
    await expect(hero(page).getByRole('heading', { name: 'Everyday essentials for men' })).toBeVisible()
    await expect(hero(page).getByRole('link', { name: 'Shop Men' })).toHaveAttribute('href', '/collection?category=Men')

    await hero(page).getByRole('button', { name: 'Show slide 4' }).click()
    await expect(hero(page).getByRole('button', { name: 'Show slide 4' })).toHaveAttribute('aria-current', 'true')
    await expect(hero(page).getByRole('link', { name: 'Shop Winter Wear' })).toHaveAttribute(
      'href',
      '/collection?subCategory=WinterWear',
    )
    // Only the visible slot's video plays.
    await expect
      .poll(() =>
        hero(page)
          .locator('video')
          .evaluateAll((videos) => videos.filter((v) => !(v as HTMLVideoElement).paused).length),
      )
      .toBeLessThanOrEqual(1)
  })

  test('the pause button stops the rotation and the video', async ({ page }) => {
    await stopClock(page)
    await page.goto('/')
    await letAppBoot(page)
    await waitForHydratedHero(page)
    await hero(page).getByRole('button', { name: 'Pause slideshow' }).click()
    await expect(hero(page).getByRole('button', { name: 'Play slideshow' })).toBeVisible()
    // Move focus out of the hero, so only the pause button is holding it still.
    await page.getByRole('heading', { name: 'Latest Collection' }).click()
    await page.clock.runFor(10_000)
    await expect(hero(page).getByRole('button', { name: 'Show slide 1' })).toHaveAttribute('aria-current', 'true')
    await expect(hero(page).locator('video').first()).toHaveJSProperty('paused', true)

    await hero(page).getByRole('button', { name: 'Play slideshow' }).click()
    await expect(hero(page).getByRole('button', { name: 'Pause slideshow' })).toBeVisible()
    await page.clock.runFor(3000)
    await expect(hero(page).getByRole('button', { name: 'Show slide 2' })).toHaveAttribute('aria-current', 'true')
  })

  test('under reduced motion the hero stands still on its poster', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await stopClock(page)
    await page.goto('/')
    await letAppBoot(page)
    await expect(hero(page).getByRole('button', { name: 'Play slideshow' })).toBeVisible()
    await page.clock.runFor(10_000)
    await expect(hero(page).getByRole('button', { name: 'Show slide 1' })).toHaveAttribute('aria-current', 'true')
    await expect(hero(page).locator('video')).toHaveCount(0)
    await expect(hero(page).locator('img').first()).toBeVisible()
  })
})

test.describe('home: products, policies, accessibility', () => {
  test('Latest Collection has 8 products and Best Seller up to 4', async ({ page }) => {
    await page.goto('/')
    const latest = page.getByRole('region', { name: 'Latest Collection' })
    await expect(latest.getByRole('listitem')).toHaveCount(8)
    await expect(latest.getByRole('article').first().getByRole('heading')).toBeVisible()
    await expect(latest.getByText(/^Rs [\d,]+$/).first()).toBeVisible()

    const best = page.getByRole('region', { name: 'Best Seller' })
    const count = await best.getByRole('listitem').count()
    expect(count).toBeGreaterThanOrEqual(1)
    expect(count).toBeLessThanOrEqual(4)
  })

  test('shows the three policies', async ({ page }) => {
    await page.goto('/')
    for (const [title, text] of [
      ['Easy Exchange Policy', 'We offer hassle free exchange policy'],
      ['7 Days Return Policy', 'We provide 7 days free return policy'],
      ['Best Customer Support', 'We provide 24/7 customer support'],
    ] as const) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible()
      await expect(page.getByText(text, { exact: true })).toBeVisible()
    }
  })

  test('has a title, description and preview tags', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveTitle(/Kapra/)
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /clothing/)
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/hero\/hero-1\.jpg$/)
  })

  test('has no serious accessibility violations', async ({ page }) => {
    await page.goto('/')
    await waitForHydratedHero(page)
    expect(await seriousViolations(page)).toEqual([])
  })
})

test.describe('home: newsletter', () => {
  test('thanks the subscriber, and thanks again for the same address', async ({ page }) => {
    await page.goto('/')
    await waitForHydratedHero(page)
    await expect(page.getByRole('heading', { name: 'Subscribe now & get 20% off' })).toBeVisible()
    const email = uniqueEmail()
    const input = page.getByLabel('Email address')
    await input.fill(email)
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Thank you for subscribing!' })).toBeVisible()
    await expect(input).toHaveValue('')

    await input.fill(email.toUpperCase())
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Thank you for subscribing!' })).toBeVisible()
    await expect(page.getByRole('alert')).toHaveCount(0)
  })

  test('an invalid or empty address shows an error', async ({ page }) => {
    await page.goto('/')
    await waitForHydratedHero(page)
    const input = page.getByLabel('Email address')
    await input.fill('not-an-email')
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Enter a valid email address' })).toBeVisible()
    await expect(input).toHaveAttribute('aria-invalid', 'true')

    await input.fill('')
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Email is required' })).toBeVisible()
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('the form still subscribes and comes back home with the answer', async ({ page }) => {
      await page.goto('/')
      await page.getByLabel('Email address').fill(uniqueEmail())
      await page.getByRole('button', { name: 'Subscribe' }).click()
      await expect(page).toHaveURL(/\/\?newsletter=subscribed#newsletter$/)
      await expect(page.getByRole('status')).toHaveText(NEWSLETTER_THANKS)

      await page.getByLabel('Email address').fill('nope')
      await page.getByRole('button', { name: 'Subscribe' }).click()
      await expect(page).toHaveURL(/\/\?newsletter=invalid#newsletter$/)
      await expect(page.getByRole('alert')).toHaveText('Enter a valid email address')
    })
  })
})

test.describe('login prompt (docs/spec/rulings.md #22)', () => {
  const prompt = (page: Page) => page.getByRole('dialog', { name: 'Please Login' })

  test('appears for guests 15 s after the first load, with its text and link', async ({ page }) => {
    await stopClock(page)
    await page.goto('/')
    await letAppBoot(page)
    await waitForHydratedHero(page)
    await page.clock.runFor(14_000)
    await expect(prompt(page)).toHaveCount(0)
    await page.clock.runFor(1_000)
    await expect(prompt(page)).toBeVisible()
    await expect(
      prompt(page).getByText('To access more items and features, please log in to your account.', { exact: true }),
    ).toBeVisible()
    await expect(prompt(page).getByRole('link', { name: 'Login Now' })).toHaveAttribute('href', '/login')
    // axe waits on timers: let time flow again, and check just the prompt (it hides after 15 s).
    await page.clock.resume()
    await expectNoSeriousViolations(page, '[role="dialog"]')
  })

  test('closes on the close button and does not come back in the same session', async ({ page }) => {
    await stopClock(page)
    await page.goto('/')
    await letAppBoot(page)
    await waitForHydratedHero(page)
    await page.clock.runFor(15_000)
    await prompt(page).getByRole('button', { name: 'Close' }).click()
    await expect(prompt(page)).toHaveCount(0)

    await page.reload()

    await letAppBoot(page)
    await waitForHydratedHero(page)
    await page.clock.runFor(40_000)
    await expect(prompt(page)).toHaveCount(0)
  })

  test('is not shown to a signed-in shopper', async ({ page, shopper: _shopper }) => {
    await stopClock(page)
    await page.goto('/')
    await letAppBoot(page)
    await waitForHydratedHero(page)
    await page.clock.runFor(20_000)
    await expect(prompt(page)).toHaveCount(0)
  })

  test('hides itself 15 s after it appears', async ({ page }) => {
    await stopClock(page)
    await page.goto('/')
    await letAppBoot(page)
    await waitForHydratedHero(page)
    await page.clock.runFor(15_000)
    await expect(prompt(page)).toBeVisible()
    await page.clock.runFor(15_000)
    await expect(prompt(page)).toHaveCount(0)
  })
})

test.describe('about', () => {
  test('tells the store, why choose us, delivery and privacy', async ({ page }) => {
    await page.goto('/about')
    await expect(page).toHaveTitle('About Us | Kapra')
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible()
    await expect(page.getByText(/quality/i).first()).toBeVisible()
    for (const title of ['Quality Assurance', 'Convenience', 'Exceptional Customer Service']) {
      await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible()
    }
    const delivery = page.locator('#delivery')
    await expect(delivery.getByRole('heading', { name: 'Delivery' })).toBeVisible()
    await expect(delivery).toContainText('Cash on delivery')
    await expect(delivery).toContainText('Rs 50')
    const privacy = page.locator('#privacy')
    await expect(privacy.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible()
    await expect(privacy).toContainText('never sell your data')
    expect(await seriousViolations(page)).toEqual([])
  })

  test('the footer links land on the delivery and privacy sections', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('contentinfo').getByRole('link', { name: 'Delivery' }).click()
    await expect(page).toHaveURL(/\/about#delivery$/)
    await expect(page.getByRole('heading', { name: 'Delivery' })).toBeInViewport()
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click()
    await expect(page).toHaveURL(/\/about#privacy$/)
    await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeInViewport()
  })
})

test.describe('contact', () => {
  test('shows the store address, phone, email and an inert careers button', async ({ page }) => {
    await page.goto('/contact')
    await expect(page).toHaveTitle('Contact Us | Kapra')
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible()
    const main = page.getByRole('main')
    await expect(main).toContainText('Karachi')
    await expect(main).toContainText('Pakistan')
    await expect(main.locator('a[href^="tel:"]')).toBeVisible()
    await expect(main.locator('a[href^="mailto:"]')).toBeVisible()

    await expect(page.getByRole('heading', { name: 'Careers' })).toBeVisible()
    const jobs = page.getByRole('button', { name: 'Explore Jobs' })
    await expect(jobs).toHaveAttribute('aria-disabled', 'true')
    await expect(page.getByText('No open positions right now.')).toBeVisible()
    // Announced as unavailable, and pressing it anyway goes nowhere.
    await expect(jobs).toBeDisabled()
    await jobs.click({ force: true })
    await expect(page).toHaveURL(/\/contact$/)
    expect(await seriousViolations(page)).toEqual([])
  })
})
