import { defineConfig } from "@playwright/test";

// Browser tests against a real Keycloak serving the built theme jar (tests/e2e/global-setup.ts starts it once).
export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "*.e2e.ts",
  globalSetup: "./tests/e2e/global-setup.ts",
  globalTeardown: "./tests/e2e/global-teardown.ts",
  // Files run side by side, the tests of one file in order (they share the file's realms). Two workers fit two cores.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  forbidOnly: true,
  // A test tagged @own-server starts a Keycloak of its own (minutes of two cores): it runs in the version matrix
  // (`npm run test:versions`, which sets E2E_OWN_SERVERS), where what it checks differs between versions, or alone
  // with E2E_OWN_SERVERS=1; not in `npm test`.
  grepInvert: process.env.E2E_OWN_SERVERS ? undefined : /@own-server/,
  retries: 0,
  // A test signs in (or three times, for device activity) on a shared machine: allow two minutes.
  timeout: 120_000,
  // Generous: the machine is shared, and a first sign-in on a cold server takes seconds.
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  // Traces and failure screenshots; test-results/screenshots (what the tests save for people) stays beside it.
  outputDir: "test-results/e2e",
  use: {
    browserName: "chromium",
    // Debian's Chromium: Playwright's own browser download does not work on these machines.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    viewport: { width: 1280, height: 800 },
    locale: "en-US",
    // A failed test's trace keeps each action's DOM snapshot, the network and the console, without the screencast:
    // recording the screencast for every test took about a quarter of the runner's CPU on two cores.
    // E2E_TRACE=off (.ci/run): a CI log is read, a clean clone's files are not; recording costs the runner CPU.
    trace: process.env.E2E_TRACE === "off" ? "off" : { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
  },
});
