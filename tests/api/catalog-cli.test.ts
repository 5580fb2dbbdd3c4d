import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pendingPhotoDir, uploadedImageDir } from '#server/catalog/photos.ts'
import { fourPhotos } from '#tests/support/photos.ts'

// `npm run catalog -- import` as a user runs it: the import commits, then the script encodes
// the photos it kept before it exits (docs/decisions/037).
describe('npm run catalog -- import: the script', () => {
  let dataDir: string
  let photosDir: string
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kapra-catalog-cli-'))
    photosDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kapra-catalog-cli-photos-'))
    fs.mkdirSync(path.join(photosDir, 'kurta'))
    const photos = await fourPhotos()
    for (const [i, view] of ['front', 'back', 'detail', 'folded'].entries())
      fs.writeFileSync(path.join(photosDir, 'kurta', `${view}.jpg`), photos[i]!)
  })
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true })
    fs.rmSync(photosDir, { recursive: true, force: true })
  })

  it('imports the example file and encodes its photos before it exits', { timeout: 60_000 }, () => {
    const result = spawnSync(
      process.execPath,
      ['scripts/catalog.ts', 'import', 'docs/catalog-import-example.csv', '--photos', photosDir],
      {
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    expect(result.stderr).toContain('Imported 2 rows: 2 new')
    expect(result.stderr).toContain('Encoding 4 photos')
    expect(result.stderr).toContain('Every photo is encoded.')
    expect(result.status).toBe(0)
    expect(fs.readdirSync(pendingPhotoDir(dataDir))).toEqual([])
    const files = fs.readdirSync(uploadedImageDir(dataDir)).filter((f) => f.endsWith('.webp'))
    expect(files).toHaveLength(8)
    expect(files.every((f) => /^women-linen-kurta-p[1-4]-[a-z0-9]{10}-(400|800)\.webp$/.test(f))).toBe(true)
  })
})
