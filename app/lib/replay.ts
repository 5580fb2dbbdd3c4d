import { useEffect, useRef } from 'react'

// Controls that only React can drive (a toggle, a zoom) do nothing before the app has
// booted (docs/decisions/006). The boot starter queues taps on elements marked
// `data-replay="<id>"`; the first render after the boot hands each its taps, in order,
// so the shopper's tap is not lost.

/** Where the boot starter (app/lib/deferred-boot.server.ts) queues taps made before the boot. */
export const REPLAY_QUEUE = '__kapraReplay'

interface ReplayQueue {
  taps: string[]
  booted: boolean
}

function queue(): ReplayQueue | undefined {
  return (window as unknown as Record<string, ReplayQueue | undefined>)[REPLAY_QUEUE]
}

/** Runs `onTap` once for each tap the shopper made on `[data-replay=id]` before the boot. */
export function useReplayedTaps(id: string, onTap: () => void): void {
  const handler = useRef(onTap)
  useEffect(() => {
    handler.current = onTap
  })
  useEffect(() => {
    const q = queue()
    if (!q) return
    const mine = q.taps.filter((tap) => tap === id).length
    q.taps = q.taps.filter((tap) => tap !== id)
    for (let i = 0; i < mine; i++) handler.current()
  }, [id])
}

/** From the first commit on, React handles taps itself: the starter stops queueing them. */
export function useStopReplayQueue(): void {
  useEffect(() => {
    const q = queue()
    if (q) q.booted = true
  }, [])
}
