// The component tests share one module graph and one DOM per worker (vitest.config.ts). A file that replaces a
// module, a global or a prototype for its tests must run in a graph of its own, or its mock misses modules another
// file loaded first and its patch reaches the next file. This test finds such files and fails, naming each one, when
// it is not in ISOLATED_COMPONENT_TESTS.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ISOLATED_COMPONENT_TESTS } from "../../vitest.config";

const root = path.resolve(import.meta.dirname, "..", "..");

/** What reaches past one file: a module mock, a stubbed global or environment, a property or prototype replaced. */
const REACHES_OUT = /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(|Object\.defineProperty\(|\.prototype\.\w+\s*=[^=]/;

const componentTests = (readdirSync(path.join(root, "src"), { recursive: true }) as string[])
  .map((file) => path.join("src", file).split(path.sep).join("/"))
  .filter((file) => file.endsWith(".test.tsx"));

describe("component tests that need a module graph of their own", () => {
  it("finds the component tests", () => {
    expect(componentTests.length).toBeGreaterThan(20);
  });

  it("runs each one that mocks a module or patches a global in isolation", () => {
    const reaching = componentTests.filter((file) => REACHES_OUT.test(readFileSync(path.join(root, file), "utf8")));
    expect(reaching.filter((file) => !ISOLATED_COMPONENT_TESTS.includes(file))).toEqual([]);
    // The list names real files: one that moved or went would silently join the shared graph under its new name.
    expect(ISOLATED_COMPONENT_TESTS.filter((file) => !componentTests.includes(file))).toEqual([]);
  });
});
