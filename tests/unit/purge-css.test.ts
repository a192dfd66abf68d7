// The build's CSS step (scripts/lib/purge-css.mjs, run by vite.config.ts on every built stylesheet): what it keeps
// that no script names, and what it drops.
import { describe, expect, it } from "vitest";
import { purgeStylesheets, STABLE_TOKENS } from "../../scripts/lib/purge-css.mjs";

const tokens = STABLE_TOKENS.map((token) => `${token}: #123456;`).join("\n");
const stylesheet = `
:root {
  ${tokens}
  --pf-t--global--unused--token: 1px;
  --pf-t--global--used--token: 2px;
}
:root.pf-v6-theme-dark { --pf-t--global--color--brand--default: #654321; }
.pf-v6-c-button { padding: var(--pf-t--global--used--token); animation: pf-v6-spin 1s; }
.pf-v6-c-button:where([dir="rtl"], [dir="rtl"] *) { margin-inline-start: 0; }
.pf-v6-c-unused { color: red; }
:is(.pf-v6-c-button, .pf-v6-c-button p):not(:last-child) { margin-block-end: 1rem; }
:where(:not(.pf-m-docked)) .pf-v6-c-button { gap: 0; }
.pf-v6-c-label.pf-m-orange { color: orange; }
.kc-loading__spinner { width: 1em; }
@keyframes pf-v6-spin { to { transform: rotate(1turn); } }
@keyframes pf-v6-unused { to { opacity: 0; } }
`;
// A built script: the button's class whole, the label's colour joined at run time (`pf-m-${color}`).
const script = 'const a = "pf-v6-c-button"; const b = "pf-v6-c-label"; const c = `pf-m-${color}`;';

describe("the build's CSS purge", () => {
  it("keeps the stable tokens, the dark theme, right to left and what the scripts name; drops the rest", async () => {
    const [css = ""] = await purgeStylesheets([stylesheet], [script]);
    for (const token of STABLE_TOKENS) expect(css, token).toContain(`${token}: #123456`);
    expect(css).toContain(":root.pf-v6-theme-dark");
    expect(css).toContain(".pf-v6-c-button {");
    expect(css).toContain('[dir="rtl"]');
    expect(css).toContain("--pf-t--global--used--token");
    expect(css).toContain("@keyframes pf-v6-spin");
    // A class built from pieces at run time (StaticLabel), and the template's spinner (index.ftl).
    expect(css).toContain(".pf-m-orange");
    expect(css).toContain(".kc-loading__spinner");
    // Selectors of pseudo-classes around used classes (PurgeCSS alone drops them).
    expect(css).toContain(":not(:last-child)");
    expect(css).toContain(":where(:not(.pf-m-docked)) .pf-v6-c-button");

    expect(css).not.toContain(".pf-v6-c-unused");
    expect(css).not.toContain("--pf-t--global--unused--token");
    expect(css).not.toContain("pf-v6-unused");
  });

  it("keeps a token the first stylesheet defines and only a later page's stylesheet reads", async () => {
    const base = ":root { --pf-t--global--page--token: 3px; --pf-t--global--unread--token: 4px; }";
    const page = ".pf-v6-c-button { gap: var(--pf-t--global--page--token); }";
    const [purgedBase = ""] = await purgeStylesheets([base, page], [script]);
    expect(purgedBase).toContain("--pf-t--global--page--token");
    expect(purgedBase).not.toContain("--pf-t--global--unread--token");
  });
});
