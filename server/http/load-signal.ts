import { monitorEventLoopDelay } from 'node:perf_hooks'

// How busy this instance is, for the line (server/http/admission.ts, docs/decisions/030):
// the requests it is answering now, and how late its event loop has been of late.

export interface Load {
  /** Requests this instance has begun to answer and not yet finished (this one included). */
  inFlight: number
  /** The event loop's delay: the mean of the last whole second, in milliseconds. */
  lagMs: number
}

/** Where the line reads the load; tests hand it their own (never real load). */
export type LoadSignal = () => Load

/** How often the loop's delay is sampled (ms). */
const RESOLUTION_MS = 10
/** The window the delay is averaged over (ms). */
const WINDOW_MS = 1000

let lag: (() => number) | undefined

/**
 * The event loop's delay, one monitor a process (however many apps it runs). The mean of
 * the last whole second, not its p99: one garbage collection or one slow request lifts a
 * window's p99 without the instance being past what it can serve, while the mean rises
 * only when callbacks are late all second long, which is what a newcomer would feel. The
 * histogram counts the sampling interval in each sample, so an idle loop reads about
 * RESOLUTION_MS; that much is taken off.
 */
export function eventLoopLag(): () => number {
  if (!lag) {
    const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS })
    histogram.enable()
    let last = 0
    setInterval(() => {
      last = histogram.count > 0 ? Math.max(0, histogram.mean / 1e6 - RESOLUTION_MS) : 0
      histogram.reset()
    }, WINDOW_MS).unref()
    lag = () => last
  }
  return lag
}

/** The load as this process measures it: `inFlight` counted by the caller, the loop's delay from its monitor. */
export function measuredLoad(inFlight: () => number): LoadSignal {
  const lagMs = eventLoopLag()
  return () => ({ inFlight: inFlight(), lagMs: lagMs() })
}
