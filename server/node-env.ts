// The first import of every way the store starts (server/main.ts, scripts/admin.ts,
// the database scripts). React, React DOM and React Router pick their builds from
// process.env.NODE_ENV when they are first loaded, not from the store's configuration:
// a process started without it (`npm start`, `node server/main.ts`) would render with
// React's development build, a third of the speed with development-only checks and
// messages. The store's default is production (server/config.ts), so the process's is
// too, before anything else is imported; `npm run dev` asks for development.
import { createRequire } from 'node:module'

process.env.NODE_ENV ||= 'production'

/**
 * Which React build this process actually loaded: `production`, `development`, or
 * `none` before the pages are loaded. Logged at start, so the running process proves it.
 */
export function loadedReactBuild(): 'production' | 'development' | 'none' {
  const cache = createRequire(import.meta.url).cache
  // Loaded ones only: importing React from ESM also reads (without running) the build
  // its index.js does not choose, to learn its exports' names.
  const builds = Object.entries(cache)
    .filter(([file, module]) => module?.loaded === true && /[\\/]react(-dom)?[\\/]cjs[\\/]/.test(file))
    .map(([file]) => file)
  if (builds.length === 0) return 'none'
  return builds.some((file) => file.endsWith('.development.js')) ? 'development' : 'production'
}
