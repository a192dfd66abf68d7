// @ts-check
// Compiles the stock-style page's JSX (src/packing-list.jsx) into the module the theme ships
// (theme/account-console-extension-example/account/resources/packing-list.js), with React's automatic JSX runtime:
// the output imports "react" and "react/jsx-runtime" by name, as a module built for the stock console does.
// `node examples/extension-theme/compile.mjs`; a unit test checks that the shipped module is this output.
import fs from "node:fs";
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { format, resolveConfig } from "prettier";
import { transformWithOxc } from "vite";

const here = path.dirname(fileURLToPath(import.meta.url));
export const PACKING_LIST_SOURCE = path.join(here, "src", "packing-list.jsx");
export const PACKING_LIST_MODULE = path.join(
  here,
  "theme",
  "account-console-extension-example",
  "account",
  "resources",
  "packing-list.js",
);

/** The compiled module's text (formatted with the repository's Prettier settings, so it reads like the source). */
export async function compilePackingList() {
  const source = fs.readFileSync(PACKING_LIST_SOURCE, "utf8");
  const { code } = await transformWithOxc(source, "packing-list.jsx", { jsx: { runtime: "automatic" } });
  const header = "// Compiled from examples/extension-theme/src/packing-list.jsx by compile.mjs: do not edit.\n";
  const options = await resolveConfig(PACKING_LIST_MODULE);
  return format(header + code, { ...options, filepath: PACKING_LIST_MODULE });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(PACKING_LIST_MODULE, await compilePackingList());
  process.stdout.write(`Wrote ${path.relative(process.cwd(), PACKING_LIST_MODULE)}\n`);
}
