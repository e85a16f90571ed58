import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT || 3210);
const IDP_PORT = PORT + 1;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // A test's whole path on a 2-core machine of the slower kind (the product editor's took 31 s there).
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1366, height: 768 },
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: [
    {
      // The company's identity provider, a stand-in: "Continue with Example Workspace" on the login page.
      command: 'node --import tsx apps/server/test/fake-identity-provider.ts',
      cwd: '..',
      url: `http://127.0.0.1:${IDP_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { IDP_PORT: String(IDP_PORT), IDP_REDIRECT_URI: `http://127.0.0.1:${PORT}/auth/login`, IDP_NAME: 'Example Workspace' },
    },
    {
      // A fresh embedded database seeded with the demo data for every run.
      command: `rm -rf e2e/.data && node --import tsx apps/server/src/main.ts`,
      cwd: '..',
      url: `http://127.0.0.1:${PORT}/api/ready`,
      reuseExistingServer: false,
      timeout: 120_000,
      // Every test signs in from the same address: the per-minute login limit is raised for the run.
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: 'e2e/.data',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        LOGIN_RATE_LIMIT: '200',
        OAUTH_PROVIDER_NAME: 'Example Workspace',
        OAUTH_AUTHORIZE_URL: `http://127.0.0.1:${IDP_PORT}/authorize`,
        OAUTH_TOKEN_URL: `http://127.0.0.1:${IDP_PORT}/token`,
        OAUTH_USERINFO_URL: `http://127.0.0.1:${IDP_PORT}/userinfo`,
        OAUTH_CLIENT_ID: 'quartermaster',
        OAUTH_CLIENT_SECRET: 'provider-secret',
        OAUTH_REDIRECT_URI: `http://127.0.0.1:${PORT}/auth/login`,
      },
    },
  ],
});
