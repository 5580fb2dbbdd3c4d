import { describe, expect, it } from 'vitest'
import { placeOf, summarize, type CpuProfile } from './cpu-profile.ts'

const root = '/srv/kapra'
const frame = (functionName: string, url = '', lineNumber = 0) => ({ functionName, url, lineNumber })

// Four samples of 10, 30, 20 and 40 µs after a start at 1,000 µs: at 1,010, 1,040, 1,060, 1,100.
const profile: CpuProfile = {
  startTime: 1_000,
  nodes: [
    { id: 1, callFrame: frame('(root)') },
    { id: 2, callFrame: frame('renderElement', `file://${root}/node_modules/react-dom/cjs/server.js`, 4886) },
    { id: 3, callFrame: frame('loader', `file://${root}/app/routes/store/cart.tsx`, 9) },
    { id: 4, callFrame: frame('(garbage collector)') },
  ],
  samples: [2, 3, 2, 4],
  timeDeltas: [10, 30, 20, 40],
}

describe('where a CPU profile spent its time', () => {
  it('names a package, a folder of the store, Node and native code', () => {
    expect(placeOf(`file://${root}/node_modules/@hono/node-server/dist/index.mjs`, root)).toBe('@hono/node-server')
    expect(placeOf(`file://${root}/server/db/database.ts`, root)).toBe('server/db')
    expect(placeOf('node:internal/streams/writable', root)).toBe('node:internal')
    expect(placeOf('', root)).toBe('(native)')
  })

  it('shares out the self time, largest first, in percent', () => {
    const { byPlace, byFunction } = summarize(profile, root)
    expect(byPlace).toEqual([
      { name: '(garbage collector)', percent: 40 },
      { name: 'react-dom', percent: 30 },
      { name: 'app/routes', percent: 30 },
    ])
    expect(byFunction[0]).toEqual({ name: '(garbage collector)', percent: 40 })
    expect(byFunction).toContainEqual({ name: 'renderElement react-dom:4887', percent: 30 })
  })

  it('counts only the samples inside the windows given', () => {
    const { byPlace } = summarize(profile, root, 15, [[1_035, 1_065]])
    expect(byPlace).toEqual([
      { name: 'app/routes', percent: 60 },
      { name: 'react-dom', percent: 40 },
    ])
  })
})
