// `npm run build`: everything `npm start` runs, built (docs/decisions/049).
//
//   1. The storefront: React Router's build, into build/client (the browser's files) and
//      build/server (the pages' server code).
//   2. The server's own code (server/, contracts/, locales/, demo/) as JavaScript, into
//      build/node/: `npm start` runs build/node/start.js. Node then never loads its
//      TypeScript stripper, which kept about 20 MiB of the server's memory for good.
//
//   npm run build                 build both
//   node scripts/build.ts --if-stale   build only when a source is newer than the build
//                                      (`npm start` runs this first: package.json's prestart)
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import * as esbuild from 'esbuild'
import { ensureBuilt, projectRoot, serverBundleDir } from '#server/pages.ts'

function buildStorefront() {
  const result = spawnSync(
    process.execPath,
    [path.join(projectRoot, 'node_modules/@react-router/dev/bin.cjs'), 'build'],
    {
      cwd: projectRoot,
      stdio: 'inherit',
    },
  )
  if (result.status !== 0) throw new Error('The storefront build failed (see above).')
}

/**
 * The server as ES modules Node runs as they are; packages stay imports of node_modules.
 * Two entries: the server (server/start.ts) and the product list's writer, a process the
 * server starts (server/catalog/product-list.ts), with the code they share in chunks.
 */
async function buildServer() {
  fs.rmSync(serverBundleDir, { recursive: true, force: true })
  await esbuild.build({
    entryPoints: {
      start: path.join(projectRoot, 'server/start.ts'),
      'product-list-writer': path.join(projectRoot, 'server/catalog/product-list-writer.ts'),
    },
    outdir: serverBundleDir,
    chunkNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    packages: 'external',
    // Every module runs as it does from source: package.json's sideEffects list is the
    // browser build's, and would let modules imported for their effects be left out.
    ignoreAnnotations: true,
    sourcemap: 'linked',
    plugins: [sourcePlaces],
    logLevel: 'warning',
  })
  console.log(`The server's code is in ${path.relative(projectRoot, serverBundleDir)}/.`)
}

/**
 * Each module keeps its own `import.meta.url` and `import.meta.dirname`: the server finds the
 * project's folders (server/pages.ts), the product photos and its product-list writer from
 * where its source file is, as it does when run from source. Each is written relative to
 * the built file, so the project can be built in one folder and run from another.
 */
const sourcePlaces: esbuild.Plugin = {
  name: 'source-places',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8')
      const file = path.relative(serverBundleDir, args.path).split(path.sep).join('/')
      const dir = path.relative(serverBundleDir, path.dirname(args.path))
      const contents = source
        .replaceAll('import.meta.url', `new URL(${JSON.stringify(file)}, import.meta.url).href`)
        .replaceAll('import.meta.dirname', `(import.meta.dirname + ${JSON.stringify(path.sep + dir)})`)
      return { contents, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' }
    })
  },
}

const { values } = parseArgs({ options: { 'if-stale': { type: 'boolean' } }, strict: true })
if (values['if-stale']) {
  // Runs this script without the flag when the build is missing or older than a source.
  ensureBuilt((msg) => console.log(msg))
} else {
  buildStorefront()
  await buildServer()
}
