// Vitest inside workerd (@cloudflare/vitest-pool-workers 0.15: the `cloudflareTest` Vite plugin) for `*.workerd.test.ts`.
import { cloudflareTest } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: './wrangler.toml' },
      remoteBindings: false,
      miniflare: {
        // Overrides wrangler.toml's [vars]: loopback port 9 refuses connections, so nothing leaves the machine.
        bindings: {
          AUTH_JWT_SECRET: 'workerd-test-secret-not-used-anywhere-else-0123456789',
          BEDROCK_ENDPOINT: 'http://127.0.0.1:9',
          DATABASE_URL: 'http://127.0.0.1:9',
        },
      },
    }),
  ],
  test: {
    globalSetup: ['./vitest.workers.global-setup.ts'],
    include: ['src/**/*.workerd.test.ts', 'testbench/**/*.workerd.test.ts'],
  },
});
