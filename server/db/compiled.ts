import { CompiledQuery, type Compilable, type Kysely } from 'kysely'
import type { Database } from '#server/db/schema.ts'
import type { Executor } from '#server/db/database.ts'

/** A value a query is compiled with in place of an argument, found again by its identity. */
class Slot {
  readonly name: string
  constructor(name: string) {
    this.name = name
  }
}

/** A single value a compiled query may take: one `?` of its SQL each. */
type Argument = string | number | null

/**
 * A query whose SQL Kysely builds once for each database, not on every call: building and
 * compiling a three-table select took about 30 µs, as long as SQLite took to answer it, and a
 * signed-in shopper's page asks several on every request (docs/decisions/051).
 *
 * `build` is called once for each database (and each transaction), with every argument a
 * stand-in: it must hand each argument to Kysely as one value (`where(column, '=', value)`)
 * and never look at it, since the SQL it draws is kept for every later call. A list (`in`)
 * would change the SQL with its length, so arguments are single values. Each argument must
 * reach the SQL, or the first call throws.
 */
export function compiledOnce<A extends Record<string, Argument>, R>(
  build: (db: Kysely<Database>, args: A) => Compilable<R>,
): (db: Executor, args: A) => Promise<R[]> {
  const compiled = new WeakMap<Executor, { query: CompiledQuery<R>; slots: (keyof A | undefined)[] }>()
  return async (db, args) => {
    let kept = compiled.get(db)
    if (!kept) {
      const slots = Object.fromEntries(Object.keys(args).map((name) => [name, new Slot(name)]))
      const query = build(db, slots as unknown as A).compile()
      const names = query.parameters.map((p) => (p instanceof Slot ? (p.name as keyof A) : undefined))
      const missing = Object.keys(args).filter((name) => !names.includes(name))
      if (missing.length) throw new Error(`compiledOnce: ${missing.join(', ')} never reached the SQL`)
      kept = { query, slots: names }
      compiled.set(db, kept)
    }
    const { query, slots } = kept
    const parameters = query.parameters.map((fixed, i) => {
      const name = slots[i]
      return name === undefined ? fixed : args[name]
    })
    return (await db.executeQuery<R>(CompiledQuery.raw(query.sql, parameters))).rows
  }
}
