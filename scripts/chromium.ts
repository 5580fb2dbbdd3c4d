import fs from 'node:fs'

/** The system Chromium the browser tests drive: CHROMIUM_PATH, or Debian's. */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']
  return candidates.find((p): p is string => !!p && fs.existsSync(p))
}
