import { describe, expect, it } from 'vitest'
import { parseStartLine } from './bench-server.ts'

// The benches start the store from package.json's start line, as `npm start` runs it.
describe('parseStartLine', () => {
  it('takes the environment the line sets before node, and node’s arguments', () => {
    expect(parseStartLine('MALLOC_ARENA_MAX=2 node --max-old-space-size=160 server/main.ts')).toEqual({
      env: { MALLOC_ARENA_MAX: '2' },
      args: ['--max-old-space-size=160', 'server/main.ts'],
    })
    expect(parseStartLine('A=x=y B= node server/main.ts')).toEqual({
      env: { A: 'x=y', B: '' },
      args: ['server/main.ts'],
    })
  })

  it('reads an older line without an environment', () => {
    expect(parseStartLine('node --max-semi-space-size=8 server/main.ts')).toEqual({
      env: {},
      args: ['--max-semi-space-size=8', 'server/main.ts'],
    })
  })

  it('refuses what a shell would change, rather than guess', () => {
    expect(() => parseStartLine('tsx server/main.ts')).toThrow(/plain node command/)
    expect(() => parseStartLine('node server/main.ts | tee log')).toThrow(/plain node command/)
    expect(() => parseStartLine('A=$HOME node server/main.ts')).toThrow(/plain node command/)
    expect(() => parseStartLine("node 'server/main.ts'")).toThrow(/plain node command/)
  })
})
