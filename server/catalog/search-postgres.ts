import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import type { Database } from '#server/db/schema.ts'

// Name search on PostgreSQL (docs/decisions/009): pg_trgm's trigram indexes on the
// name and on the name joined (migration 2026-11-24T1000-joined-name-index), which hold
// the Urdu name too (products.name_search, docs/decisions/023). The
// view's other filters and its order are written in server/catalog/browse-repository.ts.

/** The name contains the fragment: PostgreSQL's trigram index. */
function nameContains(fragment: string): Expression<SqlBool> {
  return sql<SqlBool>`products.name_search like ${`%${fragment}%`}`
}

/**
 * The name contains the fragment, for PostgreSQL. pg_trgm's trigrams stop at each word,
 * so a fragment of several words or with punctuation ("blue sh", "t-sh") is also asked
 * of the name with only its letters and digits ("bluesh"), whose index spans them
 * (migration 2026-11-24T1000-joined-name-index; the expression is the index's, word for
 * word). A name containing the fragment contains it joined, so that test only narrows
 * the candidates to the matches. The name's own test is written with `strpos`, which no
 * index answers: PostgreSQL does not also read the name index and AND the two (those
 * candidates are every name with each word: `blue shirt` at 100,000 products read 2,941
 * to keep 164, 4.9 ms against 1.3 ms), and it estimates a third of the rows pass, so a
 * common phrase ("men s", 8,421 matches) still walks the catalog's order (1.1 ms) rather
 * than gathering every match (45 ms when the estimate was one row).
 */
function nameContainsJoined(fragment: string): Expression<SqlBool> {
  // Nothing but letters and digits, or under three of them: the name index's alone. The
  // letters counted are ASCII, alphanumeric to PostgreSQL in every locale, and Urdu's
  // (Arabic script), which are wherever the database's character type is not C or POSIX;
  // where it is, pg_trgm takes no trigram from Urdu at all, so no index answers an
  // Urdu search there, joined or not (docs/decisions/023).
  if (/^[\p{L}\p{N}]+$/u.test(fragment) || (fragment.match(indexedLetter) ?? []).length < 3)
    return nameContains(fragment)
  const joined = (text: Expression<string>) => sql<string>`regexp_replace(${text}, '[^[:alnum:]]+', '', 'g')`
  const name = sql.ref<string>('products.name_search')
  return sql<SqlBool>`(${joined(name)} like '%' || ${joined(sql.val(fragment))} || '%' and strpos(${name}, ${fragment}) > 0)`
}

/** A letter or digit the joined index keeps: ASCII, or an Urdu letter (the fold leaves no marks). */
const indexedLetter = /[a-z0-9]|(?=\p{L})\p{Script=Arabic}/gu

/** The name contains one fragment of each group, for PostgreSQL: one test a group, its fragments ORed. */
export function postgresNamesMatching(
  eb: ExpressionBuilder<Database, 'products'>,
  groups: string[][],
): Expression<SqlBool>[] {
  return groups.map((group) => eb.or(group.map(nameContainsJoined)))
}
