import { defineConfig } from 'vitest/config';

// Browser tests: the built server (dist/) on a random port with a temporary DATA_DIR, driven by
// the system Chromium through playwright-core. Files run one at a time: two cores, one browser.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: false,
    // A hang guard, not a speed check: a shared two-core machine can run these three times slower
    // than a quiet one (a 27 s test seen in CI).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll waits for what the person would wait for (a page loading on a busy machine);
    // Vitest's one-second default is shorter than a cold signed-in page takes on two shared cores.
    expect: { poll: { timeout: 10_000 } },
  },
});
