// @ts-check
// `npm run bench`: our console and the stock one (keycloak.v3) side by side in ONE Keycloak, in headless
// Chromium, printed as figures (no pass/fail): `bench: <metric> ours/stock = <ratio> (ours <v>, stock <v>)`.
// Then a performance trace of one load of each (the main thread's work after the last answer), and the scale
// figures of our console (client work per screen at 10 items and at full size). The parts are in scripts/lib/bench/.
//
//   BENCH_MODE          dev (default): start-dev as it is, theme files raw and `no-cache`;
//                       production: start-dev with the theme cache on (spi-theme--cache-themes, --cache-templates)
//                       and production's static max-age (spi-theme--static-max-age=2592000): Keycloak gzips theme
//                       files and the browser keeps them, as with `kc.sh start`
//   BENCH_KEYCLOAK_URL  use a running Keycloak (else: instance `bench` on BENCH_KC_PORT, default 8581, management
//                       port + 1000). It must serve dist_keycloak's jar (every file of our theme the page links is
//                       compared with the jar's) and be in BENCH_MODE's mode (told by its answer), or the bench stops.
//   BENCH_RUNS          cold loads per console (default 7, alternating ours / stock; phone: max(3, RUNS / 2) each)
//   BENCH_SCALE=0       skip the scale part
// Results: bench/results/load-<mode>-<date>.json, with the commit, the jar's sha256, Keycloak's version and mode, the
// machine's load, both consoles' request waterfalls for one load and the trace summaries.
import path from "node:path";
import { runUnlessRefused, gitState, keycloakVersion, machineLoad, sourcesNewerThan } from "./lib/bench-provenance.mjs";
import { launchBrowser } from "./lib/bench/browser.mjs";
import { CONSOLES, PHONE, benchSettings, median } from "./lib/bench/config.mjs";
import { measureConsole, measurePhone } from "./lib/bench/measure.mjs";
import { loadVerdict, saveResult, tableOf } from "./lib/bench/report.mjs";
import { SCALE_LIMIT_MS, measureScale } from "./lib/bench/scale.mjs";
import { benchKeycloak, currentJar, seedConsoles } from "./lib/bench/server.mjs";
import { summariseTrace, traceLoad } from "./lib/bench/trace.mjs";

const root = path.resolve(import.meta.dirname, "..");
const settings = benchSettings();
/** Traced cold loads per console (odd, so the median is one of them). */
const TRACED_LOADS = 3;

/** @typedef {import("./lib/bench/config.mjs").Console} Console */

async function main() {
  const jar = currentJar(root);
  const stale = sourcesNewerThan(root, jar.builtAt);
  if (stale.length) {
    console.log(`bench: note: ${stale.length} source files changed after the jar was built (${stale[0]}, ...)`);
  }
  const loadBefore = machineLoad();
  const server = await benchKeycloak(jar, settings).catch((error) => {
    jar.remove();
    throw error;
  });
  const loads = [loadBefore];
  const browser = await launchBrowser();
  try {
    const { admin, served } = await seedConsoles(server.url, jar, settings);
    const version = await keycloakVersion(server.url, admin.token);
    console.log(
      `bench: Keycloak ${version} at ${server.url}, mode ${served.mode}, jar sha256 ${jar.sha256.slice(0, 16)}… (${served.checked.length} served files match it)`,
    );
    const url = (/** @type {Console} */ which) => `${server.url}/realms/${CONSOLES[which]}/account/`;

    /** @type {Record<Console, Awaited<ReturnType<typeof measureConsole>>[]>} */
    const runs = { ours: [], stock: [] };
    /** @type {Record<Console, Awaited<ReturnType<typeof measurePhone>>[]>} */
    const phone = { ours: [], stock: [] };
    /** One entry per pair of desktop runs: both times and the load right after them. */
    const pairs = [];
    await measureConsole(browser, url("ours")); // warm-up of the server (JIT, theme); not counted
    await measureConsole(browser, url("stock"));
    for (let run = 0; run < settings.runs; run++) {
      /** @type {Console[]} */
      const order = run % 2 ? ["stock", "ours"] : ["ours", "stock"];
      for (const which of order) runs[which].push(await measureConsole(browser, url(which)));
      const load = machineLoad();
      loads.push(load);
      pairs.push({ ours: runs.ours[run]?.load ?? NaN, stock: runs.stock[run]?.load ?? NaN, load1: load.load1 });
    }
    for (let run = 0; run < Math.max(3, Math.ceil(settings.runs / 2)); run++) {
      /** @type {Console[]} */
      const order = run % 2 ? ["stock", "ours"] : ["ours", "stock"];
      for (const which of order) phone[which].push(await measurePhone(browser, url(which)));
      loads.push(machineLoad());
    }
    const table = tableOf(runs, phone);
    const failures = runs.ours.flatMap((run) => run.failed);
    if (failures.length) console.log(`bench: our failed requests: ${[...new Set(failures)].join(", ")}`);

    // Traced loads of each (TRACED_LOADS, alternating): the main thread's work from the last answer to the drawn
    // form. One trace is one load, and on a shared machine one load can be far off: the median counts, and the
    // result file keeps the summary of the load that gave it.
    /** @type {Record<Console, ReturnType<typeof summariseTrace>[]>} */
    const traced = { ours: [], stock: [] };
    for (let run = 0; run < TRACED_LOADS; run++) {
      /** @type {Console[]} */
      const order = run % 2 ? ["stock", "ours"] : ["ours", "stock"];
      for (const which of order) traced[which].push(summariseTrace((await traceLoad(browser, url(which))).events));
    }
    /** @type {Partial<Record<Console, ReturnType<typeof summariseTrace> & { allLoadsMs: number[] }>>} */
    const traces = {};
    for (const which of /** @type {Console[]} */ (["ours", "stock"])) {
      const work = traced[which].map((summary) => summary.mainThreadAfterLastAnswerMs);
      const middle = median(work);
      const summary = traced[which].find((entry) => entry.mainThreadAfterLastAnswerMs === middle) ?? traced[which][0];
      if (!summary) continue;
      traces[which] = { ...summary, allLoadsMs: work };
      console.log(
        `bench: trace ${which}: main-thread work from the last answer to the drawn form, median of ${work.length} loads ${middle} ms (${work.join(", ")}); in that load: last answer at ${summary.lastAnswerMs} ms, form at ${summary.formShownMs} ms (${summary.byKind.slice(0, 3).join(", ")})`,
      );
    }
    const tracedOurs = traces.ours?.mainThreadAfterLastAnswerMs ?? NaN;
    const tracedStock = traces.stock?.mainThreadAfterLastAnswerMs ?? NaN;
    table["main-thread work from the last answer to the drawn form (traced, median)"] = {
      ours: tracedOurs,
      stock: tracedStock,
      ratio: tracedOurs / tracedStock,
    };
    loads.push(machineLoad());

    let scale;
    if (settings.scale) {
      scale = await measureScale(admin, server.url, browser);
      const small = scale["10"] ?? {};
      const full = scale.full ?? {};
      for (const screen of Object.keys(full)) {
        const calls = scale["full API requests"]?.[screen];
        const over = (full[screen] ?? 0) > SCALE_LIMIT_MS ? ` (over ${SCALE_LIMIT_MS} ms)` : "";
        console.log(
          `bench: scale ${screen} client work, 10 -> full = ${small[screen]} ms -> ${full[screen]} ms${over} (${calls} API requests at full size)`,
        );
      }
    }

    const loadAfter = machineLoad();
    loads.push(loadAfter);
    const load1 = loads.map((entry) => entry.load1);
    const cpus = loadBefore.cpus;
    console.log(
      `bench: machine load (1 min): ${loadBefore.load1} before, ${loadAfter.load1} after, ${Math.min(...load1)} to ${Math.max(...load1)} during the runs, on ${cpus} cores`,
    );
    const verdict = loadVerdict(pairs, cpus);
    for (const note of verdict.notes) console.log(`bench: warning: ${note}`);

    const file = saveResult(root, settings.mode, {
      date: new Date().toISOString(),
      git: gitState(root),
      jar: {
        sha256: jar.sha256,
        builtAt: jar.builtAt,
        sourcesChangedSince: stale,
        servedFilesChecked: served.checked,
      },
      keycloak: {
        url: server.url,
        version,
        mode: served.mode,
        startedByBench: server.startedByBench,
        themeResourceHeaders: served.resourceHeaders,
      },
      machine: {
        cpus,
        before: loadBefore,
        after: loadAfter,
        load1: { min: Math.min(...load1), max: Math.max(...load1), median: median(load1) },
        samples: loads,
        timeRatioByLoad: verdict,
      },
      runs: settings.runs,
      timing:
        "from the navigation's start to the animation frame in which the e-mail field holds the address, both seen by a script in the page",
      phoneProfile: PHONE,
      table,
      waterfalls: {
        ours: runs.ours[0]?.waterfall,
        stock: runs.stock[0]?.waterfall,
        phone: { ours: phone.ours[0]?.waterfall, stock: phone.stock[0]?.waterfall },
      },
      traces,
      scale,
      raw: {
        runs: Object.fromEntries(
          Object.entries(runs).map(([which, list]) => [which, list.map(({ waterfall: _, ...run }) => run)]),
        ),
        phone: Object.fromEntries(
          Object.entries(phone).map(([which, list]) => [which, list.map(({ waterfall: _, ...run }) => run)]),
        ),
        pairs,
      },
    });
    console.log(`bench: results saved to ${path.relative(root, file)}`);
  } finally {
    await browser.close();
    await server.stop();
    jar.remove();
  }
}

await runUnlessRefused("bench", main);
