// The built server's entry (scripts/build.ts, docs/decisions/049): `npm start` runs it as
// build/node/start.js. NODE_ENV is set first, in a module of its own, and only then is the
// rest imported: in one bundle the imports of packages are hoisted above its own code, so
// React would otherwise be loaded, and choose its development build, before it was set.
import '#server/node-env.ts'

await import('#server/main.ts')
