import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// The one-way import rule of STYLE.md: domain <- api/grid/components/commands <- features <- routes/app.
const layer = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
})
const up = (...dirs) => dirs.flatMap((d) => [`@/${d}`, `@/${d}/*`, `**/src/${d}/*`, `../${d}/*`, `../../${d}/*`, `../../../${d}/*`])

// Features do not import each other: one zone per folder of src/features, read from the tree so a new feature is
// covered the day it is made. What two features share moves down a layer.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
const featureZones = features.map((f) => ({
  target: `./src/features/${f}`,
  from: './src/features',
  except: [`./${f}`],
  message: `src/features/${f} may not import another feature: move what both need down a layer (domain, api, grid, components, stores, commands).`,
}))

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'node_modules', 'src/i18n/i18n-*.ts', 'src/i18n/i18n-react.tsx', '.data', '.test-data', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  layer(['src/domain/**'], [...up('api', 'app', 'routes', 'features', 'grid', 'components', 'stores', 'i18n', 'commands'), 'react', 'react-dom']),
  layer(['src/api/**', 'src/grid/**', 'src/components/**', 'src/stores/**', 'src/commands/**'], up('features', 'routes', 'app')),
  // Features use the wrapped primitives of src/components/ui, never Radix directly.
  layer(['src/features/**'], [...up('routes', 'app'), '@radix-ui/*']),
  layer(['workers/**'], [...up('api', 'app', 'routes', 'features', 'grid', 'components', 'stores', 'commands'), 'react']),
  // crypto.randomUUID is missing without a secure context (plain HTTP to a LAN address): src/domain/uuid.ts falls back.
  {
    files: ['src/**'],
    ignores: ['src/domain/uuid.ts', '**/*.test.ts'],
    rules: { 'no-restricted-properties': ['error', { object: 'crypto', property: 'randomUUID', message: 'use uuidV4() from src/domain/uuid.ts' }] },
  },
  layer(['server/**'], up('api', 'app', 'routes', 'features', 'grid', 'components', 'stores', 'commands', 'i18n')),
  // A circle is a design question answered once (STYLE.md): none between the modules of the server, the console and
  // the workers, whatever the path says (`@/`, relative, `.ts` suffix: resolved as TypeScript resolves them).
  {
    files: ['server/**/*.ts', 'src/**/*.{ts,tsx}', 'workers/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: featureZones }],
    },
  },
  // A route reads its request through its operation (server/http/operation.ts), so the schema it validates with is
  // the one the OpenAPI document shows: no body reader of its own.
  {
    files: ['server/routes/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "MemberExpression[object.property.name='req'][property.name=/^(json|parseBody|formData|text|arrayBuffer|blob)$/]",
        message: 'read the request through input() of operation(): its schema is the documented one',
      }],
    },
  },
)
