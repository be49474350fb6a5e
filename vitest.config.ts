import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/shared/src/**/*.test.ts',
            'apps/server/src/lib/**/*.test.ts',
            'apps/server/src/config.test.ts',
            'apps/server/src/adapters/boundaries.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'eslint.config.test.ts',
          ],
          setupFiles: ['./vitest.setup.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          exclude: [
            'apps/server/src/lib/**',
            'apps/server/src/config.test.ts',
            'apps/server/src/adapters/boundaries.test.ts',
          ],
          setupFiles: ['./vitest.setup.ts'],
          globalSetup: ['./apps/server/test/global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // One module graph per worker process instead of per file (each file still builds its own app on its own
          // fresh database): importing the server for every file cost about 40% of the suite's CPU time.
          isolate: false,
        },
      },
    ],
  },
});
