// The catalog's import and export (README, "Catalog import and export"; docs/decisions/033):
// the file's columns, and what the console's import answers while it checks and writes.
import { z } from '#contracts/zod.ts'

/**
 * The file's columns, in the order the export writes them. `stock <size>` stands for one
 * column a size (`stock S`, `stock 4-5Y`), written where size_chart stands here.
 */
export const catalogColumns = [
  'code',
  'name',
  'name_ur',
  'description',
  'description_ur',
  'category',
  'sub_category',
  'price',
  'best_seller',
  'archived',
  'size_chart',
  'photo1',
  'photo2',
  'photo3',
  'photo4',
] as const
export type CatalogColumn = (typeof catalogColumns)[number]

/** Columns a file must have; the others, left out, keep what each product has. */
export const requiredCatalogColumns = [
  'code',
  'name',
  'description',
  'category',
  'sub_category',
  'price',
] as const satisfies readonly CatalogColumn[]

/** A size's stock column: `stock S`. */
export const STOCK_COLUMN_PREFIX = 'stock '

/** A new product's code (its id: docs/decisions/033): lower-case letters, digits and -, as a URL shows it. */
export const newCodePattern = /^[a-z0-9][a-z0-9-]{0,79}$/

/** The most rows one file may hold. */
export const MAX_IMPORT_ROWS = 50_000

/**
 * Where an import stands: `checking` its file and photos; `checked` (a preview that may be
 * applied) or `refused` (its problems listed; nothing can be written); `applying` (photos
 * stored, then the one transaction); `done`, or `failed` with nothing written.
 */
export const importPhases = ['checking', 'checked', 'refused', 'applying', 'done', 'failed'] as const
export type ImportPhase = (typeof importPhases)[number]

const count = z.number().int()

export const importProblemSchema = z.object({
  /** The file's line the row starts on (1 is the header). */
  line: count,
  /** The row's product code, when it has one. */
  code: z.string().nullable(),
  message: z.string(),
})
export type ImportProblem = z.infer<typeof importProblemSchema>

export const importCountsSchema = z.object({
  rows: count,
  new: count,
  changed: count,
  unchanged: count,
  /** Products the file leaves out that --archive-missing takes off sale. */
  archived: count,
  /** Photo files the file names, to be read and stored. */
  photos: count,
})
export type ImportCounts = z.infer<typeof importCountsSchema>

/** GET /api/admin/catalog/imports/:id, and every answer about an import. */
export const importJobSchema = z.object({
  id: z.string(),
  phase: z.enum(importPhases),
  /** What the phase has done of its work: rows checked, photos stored, products written. */
  step: z.enum(['file', 'photos', 'products']).nullable(),
  done: count,
  total: count,
  dryRun: z.boolean(),
  archiveMissing: z.boolean(),
  counts: importCountsSchema.nullable(),
  /** Every bad row, by line; an import with any is refused whole. */
  problems: z.array(importProblemSchema),
  /** Why an apply failed (nothing was written). */
  message: z.string().nullable(),
  startedAt: z.number(),
  finishedAt: z.number().nullable(),
})
export type ImportJob = z.infer<typeof importJobSchema>

export const importAnswerSchema = z.object({ message: z.string(), job: importJobSchema })

const flag = (name: string) =>
  z
    .enum(['true', 'false', 'on', '1', '0', ''], { error: `${name} must be true or false` })
    .optional()
    .transform((v) => v === 'true' || v === 'on' || v === '1')

/**
 * POST /api/admin/catalog/import (multipart/form-data): the fields beside the files `csv`
 * (required) and `photos` (a zip, optional). With dryRun the import is checked and stops at
 * its preview; without, a file with no problems is applied as soon as it is checked.
 */
export const importFormSchema = z.object({ dryRun: flag('dryRun'), archiveMissing: flag('archiveMissing') })
export type ImportForm = z.infer<typeof importFormSchema>
