import fs from 'node:fs'

const exists = (p: string | undefined): p is string => !!p && fs.existsSync(p)

/** The system Chromium that screenshots and Lighthouse drive: CHROMIUM_PATH, or Debian's. */
export function findChromium(): string | undefined {
  return [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(exists)
}

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH, else Debian's headless shell
 * (`chromium-headless-shell`, the build Playwright itself runs headless tests on), else
 * the full browser. The shell runs the suite in about 60% of the full browser's time on
 * two cores (docs/decisions/014).
 */
export function findTestChromium(): string | undefined {
  return [process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell'].find(exists) ?? findChromium()
}

/**
 * Flags for every Chromium the project starts. No sandbox (CI runs as root), no GPU, and
 * none of Chromium's own background traffic, which this machine's closed network refuses.
 */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
