import fs from 'node:fs'
import js from '@eslint/js'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

// The house's boundaries (docs/ARCHITECTURE.md), enforced rather than remembered.
// Imports go through the #app/, #server/, #contracts/ and #demo/ aliases, so a rule on
// the specifier is a rule on the dependency.
const features = fs.readdirSync('app/features', { withFileTypes: true }).filter((d) => d.isDirectory())
// Infrastructure every domain may import: http/ (errors, logging, middleware), db/ (the
// connection, the joined table types) and config.ts. Every other folder of server/ is a domain.
const infrastructure = ['http', 'db']
const domains = fs
  .readdirSync('server', { withFileTypes: true })
  .filter((d) => d.isDirectory() && !infrastructure.includes(d.name))
// What a domain lets other domains import besides its service.ts: types, pure helpers, and
// the HTTP glue every router shares. Everything else in its folder (repository.ts, tables.ts,
// its internals) is its own. A file joins this table only if it holds no state and no SQL.
const publicFiles = {
  auth: ['session.ts', 'cookies.ts'], // requireUser/adminOnly for routers; the session cookie
  catalog: ['images.ts'], // how an image key becomes a URL; the image store's names
  mail: ['templates.ts', 'types.ts'], // the emails other domains write; a link's claims
  limits: ['rate-limit.ts', 'stores.ts'], // no service: the limiter, and where counts are shared
}
// The process's assembly: it imports the domains, so no domain imports it.
const assembly = ['start.ts', 'main.ts', 'app.ts', 'services.ts', 'pages.ts', 'page-context.ts', 'node-env.ts']
const escape = (name) => name.replaceAll('.', '\\.')
const serverOnly = ['app/**/*.server.ts', 'app/**/*.server.tsx', 'app/**/*.server.test.ts']

const rules = {
  upward: {
    regex: '^\\.\\./',
    message: 'Import through an alias (#app/, #server/, #contracts/, #demo/), not a path up the tree.',
  },
  server: {
    regex: '^#(server|demo)/',
    message: 'App code reaches the server only from *.server.ts files, which never ship to the browser.',
  },
  routes: { regex: '^#app/routes/', message: 'Only routes.ts refers to route modules.' },
  features: {
    regex: '^#app/features/',
    message: 'Shared UI lives in app/components, shared helpers in app/lib; they never import a feature.',
  },
  otherFeature: (name) => ({
    regex: `^#app/features/(?!${name}/)`,
    message: `A feature imports its own modules, app/components, app/lib and contracts; move what ${name} shares with another feature to app/components or app/lib.`,
  }),
  otherDomain: (other) => {
    const open = ['service.ts', ...(publicFiles[other] ?? [])]
    return {
      regex: `^#server/${other}/(?!(?:${open.map(escape).join('|')})$)`,
      message: `Another domain reaches server/${other}/ only through ${open.join(', ')}: ask its service (passing your transaction), or, for a type or a pure helper others need, declare the file public in eslint.config.js (publicFiles).`,
    }
  },
  assembly: {
    regex: `^#server/(?:${assembly.map(escape).join('|')})$`,
    message:
      'The assembly (main.ts, app.ts, services.ts, pages.ts) imports the domains, never the other way: a domain is handed what it needs.',
  },
  serverApp: {
    regex: '^#app/',
    message: 'The server never imports the app; what both sides need lives in contracts/ or on the server side.',
  },
  infrastructure: {
    regex: `^#server/(?:${domains.map((d) => d.name).join('|')})/(?!tables\\.ts$)`,
    message: 'http/, db/ and config.ts serve every domain and import none (db/schema.ts only joins their tables.ts).',
  },
  migration: {
    regex: '^#',
    message:
      "A migration imports nothing of the store's code (kysely and node: only), so it runs as it ran when written.",
  },
  app: {
    regex: '^#(app|server|demo)/',
    message: 'contracts/ is shared by both sides and imports neither.',
  },
}
const restrict = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
})

const boundaries = [
  restrict(
    ['app/**/*.{ts,tsx}'],
    [rules.upward, rules.server, rules.routes],
    [...serverOnly, 'app/features/**', 'app/components/**', 'app/lib/**', 'app/routes.ts'],
  ),
  restrict(['app/components/**', 'app/lib/**'], [rules.upward, rules.server, rules.routes, rules.features], serverOnly),
  restrict(
    ['app/lib/**/*.server.{ts,tsx}', 'app/lib/**/*.server.test.ts'],
    [rules.upward, rules.routes, rules.features],
  ),
  ...features.flatMap(({ name }) => [
    restrict(
      [`app/features/${name}/**`],
      [rules.upward, rules.server, rules.routes, rules.otherFeature(name)],
      serverOnly,
    ),
    restrict([`app/features/${name}/**/*.server.{ts,tsx}`], [rules.upward, rules.routes, rules.otherFeature(name)]),
  ]),
  ...domains.map(({ name }) =>
    restrict(
      [`server/${name}/**`],
      [
        rules.upward,
        rules.serverApp,
        rules.assembly,
        ...domains.filter((d) => d.name !== name).map((d) => rules.otherDomain(d.name)),
      ],
    ),
  ),
  restrict(
    ['server/http/**', 'server/db/**', 'server/config.ts'],
    [rules.upward, rules.serverApp, rules.infrastructure],
    ['server/db/migrations/**'],
  ),
  restrict(['server/db/migrations/**'], [rules.upward, rules.migration]),
  restrict(['server/*.ts'], [rules.upward, rules.serverApp], ['server/config.ts']),
  restrict(['contracts/**'], [rules.upward, rules.app]),
]

export default tseslint.config(
  {
    ignores: [
      'build/',
      'data/',
      'assets/',
      'public/',
      '.react-router/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'Response' },
            { from: 'package', package: 'react-router', name: 'DataWithResponseInit' },
          ],
        },
      ],
    },
  },
  ...boundaries,
  // The storefront's links, forms and navigation keep the page's language (docs/decisions/022).
  // A separate rule from the boundaries' no-restricted-imports, so neither replaces the other.
  {
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/routes/admin/**', 'app/features/admin/**', 'app/lib/i18n/**', 'app/root.tsx', 'app/entry.*'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: ['Link', 'NavLink', 'Form', 'useNavigate'],
              message:
                "A store page's links stay in its language: import them from #app/lib/i18n/links.tsx (docs/decisions/022).",
            },
          ],
        },
      ],
    },
  },
  // Messages through the store's own hook, which does not subscribe every component to
  // changes no page makes (app/lib/i18n/use-translation.ts, docs/decisions/039).
  {
    files: ['app/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    ignores: ['app/lib/i18n/use-translation.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='react-i18next'] ImportSpecifier[imported.name='useTranslation']",
          message: 'Import useTranslation from #app/lib/i18n/use-translation.ts (docs/decisions/039).',
        },
        {
          selector: "ImportDeclaration[source.value='react-i18next'] ImportSpecifier[imported.name='Trans']",
          message: 'Import Trans from #app/lib/i18n/trans.tsx (docs/decisions/040).',
        },
      ],
    },
  },
  // No import cycles, followed through the #…/ aliases (package.json imports). Type-only
  // imports are not followed: they vanish when the code runs (docs/decisions/021).
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver()],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // A file says one thing: 400 lines at most, blank lines and comments included (what
  // `wc -l` counts), outside tests, demo data and migrations (docs/decisions/021).
  {
    files: ['{app,server,contracts,scripts}/**/*.{ts,tsx,js}'],
    ignores: ['**/*.test.{ts,tsx}', 'server/db/migrations/**'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
)
