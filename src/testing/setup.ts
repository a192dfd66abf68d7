import "@testing-library/jest-dom/vitest";
import { afterEach, vi } from "vitest";

afterEach(() => {
  // A test that silences console.error (or spies on anything else) gets it back afterwards: the next test's React
  // warnings and errors are printed again.
  vi.restoreAllMocks();
});

// The rest is for tests with a DOM (components, and module tests that ask for jsdom): tests in Node skip its imports.
if (typeof document !== "undefined") {
  const { cleanup, configure } = await import("@testing-library/react");
  const { testI18n } = await import("./i18n");

  // `npm test` starts Keycloak beside the unit tests, so on two cores a render can take longer than the 1 s that
  // findBy and waitFor give by default (3 s ran out at a load around 30). They return as soon as the page is there;
  // only a failure waits longer.
  configure({ asyncUtilTimeout: 8000 });

  afterEach(async () => {
    cleanup();
    localStorage.clear();
    if (testI18n.language !== "en") await testI18n.changeLanguage("en");
  });
}
