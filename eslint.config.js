// Flat ESLint config: typescript-eslint, React hooks, and import boundaries (web features never import each
// other, shared code never imports a feature, packages/shared imports only zod). The boundaries are checked on
// resolved files (eslint-plugin-import-x), so a relative '../../guidance' is seen like any other path, and
// import cycles are refused on the server and in the web app (decision 058).
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const featuresDir = 'apps/web/src/features';
const features = fs.existsSync(featuresDir)
  ? fs.readdirSync(featuresDir).filter((name) => fs.statSync(`${featuresDir}/${name}`).isDirectory())
  : [];

const server = 'apps/server/src';
const web = 'apps/web/src';
/** The server's layers, low to high: each may import only the ones below it (app.ts and server.ts compose all). */
const serverZones = [
  {
    target: `${server}/lib`,
    from: [
      `${server}/db`,
      `${server}/adapters`,
      `${server}/jobs`,
      `${server}/modules`,
      `${server}/storefront`,
      `${server}/plugins`,
    ],
  },
  {
    target: `${server}/db`,
    from: [`${server}/adapters`, `${server}/jobs`, `${server}/modules`, `${server}/storefront`, `${server}/plugins`],
  },
  {
    target: `${server}/adapters`,
    from: [`${server}/jobs`, `${server}/modules`, `${server}/storefront`, `${server}/plugins`],
  },
  { target: `${server}/jobs`, from: [`${server}/modules`, `${server}/storefront`, `${server}/plugins`] },
  { target: `${server}/plugins`, from: [`${server}/modules`, `${server}/storefront`] },
  { target: `${server}/modules`, from: [`${server}/storefront`] },
].map((zone) => ({
  ...zone,
  message:
    'This import runs back up the server layers (lib < db < adapters < jobs < plugins < modules < storefront); compose in app.ts.',
}));
// Web: each feature imports only itself, shared code (components, lib) and packages; the app layer composes.
const webZones = [
  ...features.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message: 'Features do not import each other; compose them in src/app.',
  })),
  { target: `${web}/features`, from: `${web}/app`, message: 'Features do not import the app layer.' },
  {
    target: [`${web}/components`, `${web}/lib`],
    from: [`${web}/features`, `${web}/app`],
    message: 'Shared web code never imports a feature or the app layer.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'apps/server/drizzle/**',
      '**/test-results/**',
      'apps/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Every PGlite is made by createPglite (apps/server/src/db/client.ts), which loads the extensions the schema's
    // indexes need; one made otherwise fails on the first write to such an index.
    files: ['**/*.{ts,tsx,mjs}'],
    ignores: ['apps/server/src/db/client.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='PGlite']",
          message: 'Make PGlite instances with createPglite (apps/server/src/db/client.ts).',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['packages/shared/src/**/*.ts'],
    // Tests run under Vitest and are not shipped; the zod-only rule is for the code both apps import.
    ignores: ['packages/shared/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod($|/)|\\.)', message: 'packages/shared imports only zod.' }] },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.{ts,tsx}', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      // The plugin's TypeScript settings (extensions, parsers: it parses each imported file to follow cycles),
      // with the resolver below instead of its default one.
      ...Object.fromEntries(
        Object.entries(importX.flatConfigs.typescript.settings ?? {}).filter(([key]) => key !== 'import-x/resolver'),
      ),
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/shared/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...serverZones, ...webZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.ts', 'ops/**/*.ts', 'apps/server/src/server.ts'],
    rules: { 'no-console': 'off' },
  },
);
