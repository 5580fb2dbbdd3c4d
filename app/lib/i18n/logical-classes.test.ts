import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

// Urdu pages are mirrored by the browser (dir="rtl"), which only works for layout written
// in logical terms: ms-/me-/ps-/pe-/start-/end-/text-start/border-s/rounded-s, never
// ml-/mr-/pl-/pr-/left-/right-/text-left (docs/decisions/022). The console is English only.
const app = path.resolve(import.meta.dirname, '../..')
const SKIP = /^(routes\/admin|features\/admin)\//
const PHYSICAL = new RegExp(
  '(?<![\\w-])-?(?:' +
    [
      '(?:m[lr]|p[lr]|left|right|scroll-[mp][lr])-[\\w./[\\]]+',
      '(?:border-[lr]|rounded-(?:[lr]|[tb][lr]))(?:-[\\w./[\\]]+)?',
      '(?:float|text)-(?:left|right)',
    ].join('|') +
    ')(?![\\w-])',
  'g',
)
/** Centring on the middle of the box is the same both ways. */
const SYMMETRIC = new Set(['left-1/2', 'right-1/2'])

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name)
    if (d.isDirectory()) return files(full)
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [full] : []
  })
}

test('storefront classes name sides by start and end, so Urdu pages mirror', () => {
  const found: string[] = []
  for (const file of files(app)) {
    const rel = path.relative(app, file)
    if (SKIP.test(rel)) continue
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        // Only what sits in a class string: quotes or a template literal on the line.
        if (!/className|class:|cls\b|=\s*['"`]|['"`]\s*[,)]/.test(line)) return
        for (const [token] of line.matchAll(PHYSICAL)) {
          if (!SYMMETRIC.has(token.replace(/^-/, ''))) found.push(`${rel}:${i + 1} ${token}`)
        }
      })
  }
  expect(found).toEqual([])
})
