import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { testI18n } from "./i18n";

afterEach(async () => {
  cleanup();
  localStorage.clear();
  if (testI18n.language !== "en") await testI18n.changeLanguage("en");
});
