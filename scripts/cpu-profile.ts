// Where a V8 CPU profile (`node --cpu-prof`) spent its time: the self time of its samples
// by package (a node_modules package, a folder of the store's own, Node's internals, the
// garbage collector) and by function. `npm run bench -- --profile` prints it for the server.

/** The parts of a .cpuprofile file read here (V8's Profiler.Profile). */
export interface CpuProfile {
  /** When sampling began, in microseconds of the system's monotonic clock (as process.hrtime). */
  startTime: number
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]
  samples: number[]
  timeDeltas: number[]
}

export interface Share {
  name: string
  /** Percent of all sampled time. */
  percent: number
}

/** Where a script's time counts: its package, the store's folder (two levels), or Node's module. */
export function placeOf(url: string, root: string): string {
  if (url === '') return '(native)'
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (pkg) return pkg[1]!
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`
  const path = url.startsWith('file://') ? decodeURIComponent(url.slice(7)) : url
  if (path.startsWith(`${root}/`))
    return path
      .slice(root.length + 1)
      .split('/')
      .slice(0, 2)
      .join('/')
  return path
}

/** The system's monotonic clock in microseconds, as V8 stamps a profile's samples. */
export const monotonicMicros = (): number => Number(process.hrtime.bigint() / 1000n)

/**
 * The `top` largest shares of self time, by place and by function, in percent of the time
 * sampled; within `windows` (from and to, as monotonicMicros gives them) when given.
 */
export function summarize(
  profile: CpuProfile,
  root: string,
  top = 15,
  windows?: readonly (readonly [number, number])[],
): { byPlace: Share[]; byFunction: Share[] } {
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]))
  const byPlace = new Map<string, number>()
  const byFunction = new Map<string, number>()
  let total = 0
  let at = profile.startTime
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0
    at += dt
    if (windows && !windows.some(([from, to]) => at >= from && at <= to)) return
    const frame = frames.get(id)
    if (!frame) return
    total += dt
    // Native frames carry their name in parentheses: (garbage collector), (idle), (program).
    const place = frame.url === '' && frame.functionName.startsWith('(') ? frame.functionName : placeOf(frame.url, root)
    const fn =
      place === frame.functionName
        ? place
        : `${frame.functionName || '(anonymous)'} ${place}${frame.url ? `:${frame.lineNumber + 1}` : ''}`
    byPlace.set(place, (byPlace.get(place) ?? 0) + dt)
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + dt)
  })
  const shares = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, t]) => ({ name, percent: total > 0 ? Math.round((1000 * t) / total) / 10 : 0 }))
  return { byPlace: shares(byPlace), byFunction: shares(byFunction) }
}
