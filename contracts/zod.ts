import { z } from 'zod'

// No code generation: the store's Content-Security-Policy forbids eval, and zod's
// compiled parsers would otherwise probe for it in every browser. Every contract
// imports z from here, so the setting is in place before any schema parses.
z.config({ jitless: true })

export { z }
