import fs from 'node:fs'

/** The system Chromium the browser tests drive: CHROMIUM_PATH, or Debian's. */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']
  return candidates.find((p): p is string => !!p && fs.existsSync(p))
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
