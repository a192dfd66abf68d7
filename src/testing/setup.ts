import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { testI18n } from "./i18n";

// `npm test` starts Keycloak beside the unit tests, so on two cores a render can take longer than the 1 s that
// findBy and waitFor give by default. They return as soon as the page is there; only a failure waits longer.
configure({ asyncUtilTimeout: 3000 });

afterEach(async () => {
  cleanup();
  localStorage.clear();
  if (testI18n.language !== "en") await testI18n.changeLanguage("en");
});
