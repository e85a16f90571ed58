import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: 'forks',
    maxWorkers: 2,
    // Playwright's e2e/*.spec.ts are not Vitest files: every project names what it includes.
    projects: [
      { extends: true, test: { name: 'contracts', include: ['packages/*/src/**/*.test.ts'] } },
      // API tests start each file from a database migrated and seeded once per run (test/template.ts).
      { extends: true, test: { name: 'server', include: ['apps/server/test/**/*.test.ts'], globalSetup: ['apps/server/test/template.ts'] } },
      { extends: true, test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] } },
    ],
  },
});
