// Pages drawn a few at a time (docs/decisions/032). Drawing a page is mostly work on the
// event loop (React, and on SQLite the queries too), and the loop reads every request
// that is ready before it turns again: twenty shoppers' pages at once made turns of
// 150 ms here, in which no new visitor was let in or read. Past `concurrency` pages in
// drawing, the next waits, and is handed its turn on the loop's next turn, so the loop
// goes round between pages, taking in newcomers (server/http/listen.ts), and the
// requests waiting count as in flight for the line (server/http/admission.ts).

export function turns(concurrency: number) {
  let drawing = 0
  const waiting: (() => void)[] = []
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (drawing < concurrency) drawing++
      // The slot is handed over, not given back: `drawing` stays as it is.
      else await new Promise<void>((resolve) => waiting.push(resolve))
      try {
        return await work()
      } finally {
        const next = waiting.shift()
        if (next) setImmediate(next)
        else drawing--
      }
    },
    /** Pages being drawn and pages waiting for a turn. */
    stats: () => ({ drawing, waiting: waiting.length }),
  }
}
