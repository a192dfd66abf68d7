import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FEATURE_FLAGS } from "./environment";

// The template writes the flags out by hand (FreeMarker cannot import our list): it must write exactly these.
describe("the template's feature flags", () => {
  it("are exactly the app's list", () => {
    const template = readFileSync(path.resolve(import.meta.dirname, "..", "theme", "account", "index.ftl"), "utf8");
    const block = /"features":\s*\{\n([\s\S]*?)\n\s*\},?\n/.exec(template)?.[1] ?? "";
    const written = [...block.matchAll(/"(\w+)"\s*:/g)].map((match) => match[1]);
    expect(written.sort()).toEqual([...FEATURE_FLAGS].sort());
  });
});
