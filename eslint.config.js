// Flat ESLint config: typescript-eslint, React hooks, and import boundaries (web features never import each
// other, shared code never imports a feature, packages/shared imports only zod).
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const featuresDir = 'apps/web/src/features';
const features = fs.existsSync(featuresDir)
  ? fs.readdirSync(featuresDir).filter((name) => fs.statSync(`${featuresDir}/${name}`).isDirectory())
  : [];

const featureBoundaries = features.map((feature) => ({
  files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: features
              .filter((other) => other !== feature)
              .flatMap((other) => [`**/features/${other}`, `**/features/${other}/**`]),
            message: 'Features do not import each other; compose them in src/app.',
          },
          { group: ['**/app/**'], message: 'Features do not import the app layer.' },
        ],
      },
    ],
  },
}));

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
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**'],
              message: 'Shared web code never imports a feature or the app layer.',
            },
          ],
        },
      ],
    },
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
  ...featureBoundaries,
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.ts', 'ops/**/*.ts', 'apps/server/src/server.ts'],
    rules: { 'no-console': 'off' },
  },
);
