// A PatternFly button that shows its spinner names itself by `spinnerAriaValueText`, whose default is the English
// "Loading...": a screen-reader user of any other language heard English on every busy button that left it out. This
// test reads every component and fails, naming the file and line, where a button's `isLoading` has no translated text.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const src = path.resolve(import.meta.dirname, "..", "..", "src");

/** The JSX element around `index`: from its opening `<` to the `>` that ends its attributes. */
function elementAround(text: string, index: number): string {
  const start = text.lastIndexOf("<", index);
  const end = text.indexOf(">", text.indexOf("}", index));
  return text.slice(start, end + 1);
}

/** `file:line` of each `isLoading=` whose element gives no `spinnerAriaValueText`. */
function untranslatedBusyButtons(files: { name: string; text: string }[]): string[] {
  const found: string[] = [];
  for (const { name, text } of files) {
    for (const match of text.matchAll(/\bisLoading=\{/g)) {
      if (!/\bspinnerAriaValueText=/.test(elementAround(text, match.index))) {
        found.push(`${name}:${text.slice(0, match.index).split("\n").length}`);
      }
    }
  }
  return found;
}

describe("busy buttons", () => {
  it("finds a busy button without its text, and one with it passes", () => {
    const without = {
      name: "a.tsx",
      text: '<Button\n  isLoading={busy}\n  onClick={go}\n>\n  {t("share")}\n</Button>',
    };
    const withText = {
      name: "b.tsx",
      text: '<Button isLoading={busy} spinnerAriaValueText={t("spinnerLoading")}>{t("share")}</Button>',
    };
    expect(untranslatedBusyButtons([without, withText])).toEqual(["a.tsx:2"]);
  });

  it("every busy button of the console says its busy text in the user's language", () => {
    const files = readdirSync(src, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(".tsx") && !entry.name.endsWith(".test.tsx"))
      .map((entry) => {
        const file = path.join(entry.parentPath, entry.name);
        return { name: path.relative(src, file), text: readFileSync(file, "utf8") };
      });
    expect(files.length).toBeGreaterThan(50);
    expect(untranslatedBusyButtons(files)).toEqual([]);
  });
});
