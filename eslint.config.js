import fs from 'node:fs'
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

// The house's boundaries (docs/ARCHITECTURE.md), enforced rather than remembered.
// Imports go through the #app/, #server/, #contracts/ and #demo/ aliases, so a rule on
// the specifier is a rule on the dependency.
const features = fs.readdirSync('app/features', { withFileTypes: true }).filter((d) => d.isDirectory())
const domains = fs.readdirSync('server', { withFileTypes: true }).filter((d) => d.isDirectory())
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
  otherRepository: (name) => ({
    regex: `^#server/(?!${name}/)[^/]+/repository\\.ts$`,
    message: `A domain calls another domain's service (passing its transaction), never its repository.`,
  }),
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
  ...domains.map(({ name }) => restrict([`server/${name}/**`], [rules.upward, rules.otherRepository(name)])),
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
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
)
