type Level = 'debug' | 'info' | 'warn' | 'error'
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void
  info(msg: string, fields?: Record<string, unknown>): void
  warn(msg: string, fields?: Record<string, unknown>): void
  error(msg: string, fields?: Record<string, unknown>): void
}

/** One JSON object a line on stdout/stderr: easy to grep, easy to ship. */
export function createLogger(level: Level | 'silent' = 'info'): Logger {
  const min = order[level]
  const write = (lvl: Level, msg: string, fields?: Record<string, unknown>) => {
    if (order[lvl] < min) return
    const line = JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields })
    if (lvl === 'error' || lvl === 'warn') process.stderr.write(line + '\n')
    else process.stdout.write(line + '\n')
  }
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
  }
}

export function errorFields(err: unknown): Record<string, unknown> {
  return err instanceof Error ? { err: err.message, stack: err.stack } : { err: String(err) }
}
