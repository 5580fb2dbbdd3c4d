import { sql, type Expression, type SqlBool } from 'kysely'

// Name search on SQLite (docs/decisions/009): an FTS5 table with a trigram tokenizer
// answers fragments of three characters or more; shorter ones are a scan. The view's
// other filters and its order are written in server/catalog/browse-repository.ts.

/** The name contains the fragment: a scan of every name tested (SQLite's own LIKE). */
function nameContains(fragment: string): Expression<SqlBool> {
  return sql<SqlBool>`products.name_search like ${`%${fragment}%`}`
}

/** SQLite's trigram index answers a fragment of three characters or more. */
export const ftsIndexed = (group: string[]) => group.every((f) => [...f].length >= 3)

/** The FTS5 query of the groups its trigram index answers: each fragment a quoted phrase, which matches where it is contained. */
function ftsQuery(groups: string[][]): string | null {
  const indexed = groups.filter(ftsIndexed)
  if (!indexed.length) return null
  const phrase = (f: string) => `"${f.replaceAll('"', '""')}"`
  return indexed.map((g) => `(${g.map(phrase).join(' OR ')})`).join(' AND ')
}

/**
 * The name contains one fragment of each group, for SQLite. Counting or gathering,
 * one FTS5 query for every group its trigram index answers (the index intersects them
 * itself, far faster than a LIKE per word) and a scan for the others; walking an
 * order's index (`walking`), a test of each product walked (the walk stops after the
 * page, where reading every match from the index first would not).
 */
export function sqliteNamesMatching(groups: string[][], walking: boolean): Expression<SqlBool>[] {
  const query = walking ? null : ftsQuery(groups)
  const all = groups
    .filter((g) => query === null || !ftsIndexed(g))
    .map((g) => sql<SqlBool>`(${sql.join(g.map(nameContains), sql` or `)})`)
  if (query !== null)
    all.push(sql<SqlBool>`products.id in (select product_id from products_fts where products_fts match ${query})`)
  return all
}
