import os from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { chromiumArgs, findTestChromium } from './scripts/chromium.ts'

const port = Number(process.env.E2E_PORT ?? 3100)
const dataDir = path.join(os.tmpdir(), `kapra-e2e-${port}`)
// A second store with Google sign-in on (tests/e2e/google.spec.ts): the spec serves the
// key set on googleKeysPort and stands in for Google's script, so nothing leaves the machine.
const googlePort = port + 10
const googleDataDir = path.join(os.tmpdir(), `kapra-e2e-${googlePort}`)
const googleKeysPort = port + 11
// The store's mail server (tests/e2e/mail-sink.ts), and where it writes what arrives.
const mailPort = port + 12
const mailFile = path.join(os.tmpdir(), `kapra-e2e-${port}-mail.jsonl`)
const chromium = findTestChromium()
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } }
const phone = { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } }
// Specs whose tests run at both widths, as they are; tests/e2e/phone/ holds the phone's own.
const bothWidths =
  /\/(account-page|discounts|line|mail|preboot|requests|reviews|stock-orders|track|two-factor|urdu)\.spec\.ts$/
// The console adds a product to the catalog that other specs count and list (its own form and
// the catalog import): its specs run
// once every other spec is done (docs/decisions/020), at both widths. A sale moves prices
// and the "On sale" count other specs read, so its spec runs with them (docs/decisions/025).
const consoleSpecs = /\/(console|sales|catalog-import)\.spec\.ts$/

// Drives the system Chromium's headless shell (or the full browser); no browser is ever downloaded (README).
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Two workers (E2E_WORKERS=1 for one). The specs share one store and its database, so
  // a test that orders or counts stock does it on a product of its own
  // (tests/e2e/fixtures.ts) and the console, which adds to the catalog, runs last
  // (docs/decisions/020, amending 014).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace costs about a third of a test's time on two cores; a failure on CI is
    // retried once with one (docs/decisions/020), and `--trace on` records one locally.
    trace: 'on-first-retry',
    launchOptions: {
      ...(chromium ? { executablePath: chromium } : {}),
      args: chromiumArgs,
    },
  },
  projects: [
    { name: 'desktop', use: desktop, testIgnore: [/\/phone\//, consoleSpecs] },
    { name: 'phone', use: phone, testMatch: [/\/phone\/.*\.spec\.ts$/, bothWidths], testIgnore: consoleSpecs },
    { name: 'console', use: desktop, testMatch: consoleSpecs, dependencies: ['desktop', 'phone'] },
    { name: 'console-phone', use: phone, testMatch: consoleSpecs, dependencies: ['desktop', 'phone'] },
  ],
  webServer: [
    {
      command: `node tests/e2e/mail-sink.ts ${mailPort} ${mailFile}`,
      port: mailPort,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // A fresh database each run: the built store, as `npm start` serves it.
      command: `rm -rf ${dataDir} && node server/main.ts`,
      url: `http://127.0.0.1:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        // E2E_DEV=1 runs Vite's dev server instead of the build (parallel work, no build step).
        NODE_ENV: process.env.E2E_DEV ? 'development' : 'production',
        LOG_LEVEL: 'warn',
        // Email goes out, whole, to the test's mail server; the outbox keeps no body once sent.
        SMTP_URL: `smtp://127.0.0.1:${mailPort}`,
        // Journeys register many accounts from one address.
        REGISTRATION_LIMIT_PER_IP: '1000',
        LOGIN_LIMIT_PER_IP: '1000',
        // …and place many orders from it, with one phone number (tests/support/factories.ts).
        OPEN_ORDERS_PER_CUSTOMER: '1000',
        ORDER_LIMIT_PER_IP: '1000',
        // The line (docs/decisions/030): a spec puts its own requests in it with X-Kapra-Line;
        // the machine's load, shared with other work, must not.
        ADMIT_TEST_HEADER: '1',
        ADMIT_MAX_LAG_MS: '0',
      },
    },
    {
      // The same store with Google sign-in configured; tokens are checked against the spec's key set.
      command: `rm -rf ${googleDataDir} && node server/main.ts`,
      url: `http://127.0.0.1:${googlePort}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(googlePort),
        HOST: '127.0.0.1',
        DATA_DIR: googleDataDir,
        NODE_ENV: process.env.E2E_DEV ? 'development' : 'production',
        LOG_LEVEL: 'warn',
        REGISTRATION_LIMIT_PER_IP: '1000',
        LOGIN_LIMIT_PER_IP: '1000',
        GOOGLE_CLIENT_ID: 'kapra-e2e.apps.googleusercontent.com',
        GOOGLE_JWKS_URL: `http://127.0.0.1:${googleKeysPort}/certs`,
      },
    },
  ],
})
