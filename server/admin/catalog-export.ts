import { stringify } from 'csv-stringify/sync'
import type { CatalogService } from '#server/catalog/service.ts'
import { headerOf, rowOf, sizeColumns } from '#server/admin/catalog-csv.ts'

// The catalog as a file (README, "Catalog import and export"): one row a product, archived
// ones too, in catalog order, read and written 200 products at a time. Its import changes
// nothing (tests/api/catalog-import.test.ts).

/** A byte order mark first, so a spreadsheet opens the file as UTF-8 (Urdu names and all). */
const BOM = '\uFEFF'

export async function* catalogCsv(catalog: CatalogService): AsyncGenerator<string> {
  const sizes = sizeColumns(await catalog.sizeSequence())
  yield BOM + stringify([headerOf(sizes)])
  for await (const batch of catalog.everyStored()) yield stringify(batch.map((p) => rowOf(p, sizes)))
}
