// @ts-check
// `npm run bench`: our console and the stock one (keycloak.v3) side by side in ONE Keycloak, in headless
// Chromium, printed as figures (no pass/fail): `bench: <metric> ours/stock = <ratio> (ours <v>, stock <v>)`, with the
// leg's protocol and the machine's load in brackets. Then a performance trace of loads of each (the main thread's work
// after the last answer), and the scale figures of our console (client work per screen at 10 items and at full
// size). The parts are in lib/.
//
//   BENCH_MODE          dev (default): start-dev as it is, plain HTTP/1.1, theme files raw and `no-cache`;
//                       production (`npm run bench:production`): the production shape, `kc.sh start` (the theme
//                       cache on, theme files gzipped and kept for 30 days) with Keycloak's own HTTPS listener and a
//                       self-signed certificate made for the run, measured in two legs on the same server, alternating:
//                       HTTPS (HTTP/2) first, then plain HTTP/1.1 for comparison
//   BENCH_KEYCLOAK_URL  use a running Keycloak, one leg over that address's protocol (else: instance
//                       BENCH_KC_INSTANCE, default `bench`, on BENCH_KC_PORT, default 8581, HTTPS on
//                       BENCH_KC_HTTPS_PORT, default 8543, management port = BENCH_KC_PORT + 1000). It must serve
//                       dist_keycloak's jar (every file of our theme the page links is compared with the jar's) and be
//                       in BENCH_MODE's mode (told by its answer), or the bench stops.
//   BENCH_RUNS          cold loads per console and leg (default 7, alternating; phone: max(3, RUNS / 2) each)
//   BENCH_SCALE=0       skip the scale part
// Results (not committed): test-results/bench/load-<mode>-<date>.json, with the commit, the jar's sha256, Keycloak's
// version and mode, the machine's load, both consoles' request waterfalls for one load and the trace summaries: the
// first leg's at the top level as always, with the protocol Resource Timing saw; the other legs in `otherLegs`, and `sideBySide`.
import path from "node:path";
import { runUnlessRefused, gitState, keycloakVersion, machineLoad, sourcesNewerThan } from "./lib/provenance.mjs";
import { launchBrowser } from "./lib/browser.mjs";
import { CONSOLES, LEGS, PHONE, alternation, benchSettings, median } from "./lib/config.mjs";
import { measureConsole, measurePhone } from "./lib/measure.mjs";
import {
  SMOKE_RUNS_BELOW,
  loadRange,
  loadVerdict,
  protocolsOf,
  SIDE_BY_SIDE,
  saveResult,
  sideBySide,
  sideBySideLine,
  tableOf,
} from "./lib/report.mjs";
import { SCALE_LIMIT_MS, measureScale } from "./lib/scale.mjs";
import { benchKeycloak, currentJar, seedConsoles } from "./lib/server.mjs";
import { summariseTrace, traceLoad } from "./lib/trace.mjs";

const root = path.resolve(import.meta.dirname, "..", "..");
const settings = benchSettings();
/** Traced cold loads per console (odd, so the median is one of them). */
const TRACED_LOADS = 3;

/** @typedef {import("./lib/config.mjs").Console} Console */

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
  const browser = await launchBrowser(server.certificate?.spki).catch(async (error) => {
    await server.stop();
    jar.remove();
    throw error;
  });
  try {
    const { admin, served, byLeg } = await seedConsoles(
      server.url,
      jar,
      settings,
      server.legs,
      server.certificate?.pem,
    );
    const version = await keycloakVersion(admin);
    console.log(
      `bench: Keycloak ${version} (kc.sh ${server.command}) at ${server.legs.map((leg) => leg.url).join(" and ")}, mode ${served.mode}, jar sha256 ${jar.sha256.slice(0, 16)}… (${served.checked.length} served files match it)`,
    );
    const url = (/** @type {Leg} */ leg, /** @type {Console} */ which) =>
      `${leg.url}/realms/${CONSOLES[which]}/account/`;
    const legs = /** @type {Leg[]} */ (server.legs);
    const state = Object.fromEntries(legs.map((leg) => [leg.name, newLegState()]));
    const of = (/** @type {Leg} */ leg) => /** @type {LegState} */ (state[leg.name]);

    for (const leg of legs) {
      await measureConsole(browser, url(leg, "ours")); // warm-up of the server (JIT, theme, TLS); not counted
      await measureConsole(browser, url(leg, "stock"));
    }
    for (const { leg, order, round } of alternation(settings.runs, legs)) {
      const { runs, pairs, loads: legLoads } = of(leg);
      for (const which of order) runs[which].push(await measureConsole(browser, url(leg, which)));
      const load = machineLoad();
      loads.push(load);
      legLoads.push(load);
      pairs.push({ ours: runs.ours[round]?.load ?? NaN, stock: runs.stock[round]?.load ?? NaN, load1: load.load1 });
    }
    for (const { leg, order } of alternation(Math.max(3, Math.ceil(settings.runs / 2)), legs)) {
      for (const which of order) of(leg).phone[which].push(await measurePhone(browser, url(leg, which)));
      const load = machineLoad();
      loads.push(load);
      of(leg).loads.push(load);
    }
    // Traced loads of each (TRACED_LOADS, alternating): the main thread's work from the last answer to the drawn
    // form. One trace is one load, and on a shared machine one load can be far off: the median counts, and the
    // result file keeps the summary of the load that gave it.
    for (const { leg, order } of alternation(TRACED_LOADS, legs)) {
      for (const which of order) {
        of(leg).traced[which].push(summariseTrace((await traceLoad(browser, url(leg, which))).events));
      }
    }
    loads.push(machineLoad());

    /** @type {LegResult[]} */
    const results = [];
    for (const leg of legs) {
      const { runs, phone, traced, pairs, loads: legLoads } = of(leg);
      const load1 = loadRange(legLoads);
      const expected = LEGS[leg.name];
      const protocols = { ours: protocolsOf(runs.ours, expected), stock: protocolsOf(runs.stock, expected) };
      const seen = (/** @type {Console} */ which) =>
        Object.entries(protocols[which].byProtocol)
          .map(([protocol, count]) => `${protocol} ${count}`)
          .join(", ");
      console.log(
        `bench: leg ${leg.name} at ${leg.url}, expected ${expected}; Resource Timing's nextHopProtocol in the cold loads: ours ${seen("ours")}; stock ${seen("stock")} (load ${load1.min}–${load1.max})`,
      );
      for (const which of /** @type {Console[]} */ (["ours", "stock"])) {
        if (!protocols[which].asExpected) {
          console.log(`bench: warning: ${which} console's requests on leg ${leg.name} did not all go over ${expected}`);
        }
      }
      const table = tableOf(runs, phone, `${expected}, load ${load1.min}–${load1.max}`);
      const failures = runs.ours.flatMap((run) => run.failed);
      if (failures.length) console.log(`bench: our failed requests: ${[...new Set(failures)].join(", ")}`);

      /** @type {Partial<Record<Console, ReturnType<typeof summariseTrace> & { allLoadsMs: number[] }>>} */
      const traces = {};
      for (const which of /** @type {Console[]} */ (["ours", "stock"])) {
        const work = traced[which].map((summary) => summary.mainThreadAfterLastAnswerMs);
        const middle = median(work);
        const summary = traced[which].find((entry) => entry.mainThreadAfterLastAnswerMs === middle) ?? traced[which][0];
        if (!summary) continue;
        traces[which] = { ...summary, allLoadsMs: work };
        console.log(
          `bench: trace ${which} [${expected}]: main-thread work from the last answer to the drawn form, median of ${work.length} loads ${middle} ms (${work.join(", ")}); in that load: last answer at ${summary.lastAnswerMs} ms, form at ${summary.formShownMs} ms (${summary.byKind.slice(0, 3).join(", ")})`,
        );
      }
      const tracedOurs = traces.ours?.mainThreadAfterLastAnswerMs ?? NaN;
      const tracedStock = traces.stock?.mainThreadAfterLastAnswerMs ?? NaN;
      table["main-thread work from the last answer to the drawn form (traced, median)"] = {
        ours: tracedOurs,
        stock: tracedStock,
        ratio: tracedOurs / tracedStock,
      };
      const verdict = loadVerdict(pairs, loadBefore.cpus);
      for (const note of verdict.notes) console.log(`bench: warning [${expected}]: ${note}`);
      results.push({
        name: leg.name,
        url: leg.url,
        protocol: { expected, nextHopProtocol: protocols },
        themeResourceHeaders: byLeg[leg.name]?.resourceHeaders,
        load1,
        timeRatioByLoad: verdict,
        table,
        waterfalls: {
          ours: runs.ours[0]?.waterfall,
          stock: runs.stock[0]?.waterfall,
          phone: { ours: phone.ours[0]?.waterfall, stock: phone.stock[0]?.waterfall },
        },
        traces,
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
    }
    const columns = sideBySide(results);
    if (results.length > 1) {
      const labelled = results.map((leg) => ({
        ...leg,
        label: `${LEGS[leg.name]}, load ${leg.load1.min}–${leg.load1.max}`,
      }));
      for (const metric of SIDE_BY_SIDE) console.log(sideBySideLine(metric, labelled));
    }

    let scale;
    const [primary, ...otherLegs] = /** @type {[LegResult, ...LegResult[]]} */ (results);
    if (settings.scale) {
      // Client work per screen: the protocol plays no part, so on the first leg only.
      scale = await measureScale(admin, primary.url, browser);
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
        url: primary.url,
        version,
        mode: served.mode,
        command: server.command,
        startedByBench: server.startedByBench,
        themeResourceHeaders: served.resourceHeaders,
        certificate: server.certificate && {
          selfSigned: true,
          subjectAltName: server.certificate.subjectAltName,
          spkiSha256: server.certificate.spki,
        },
      },
      machine: {
        cpus,
        before: loadBefore,
        after: loadAfter,
        load1: { min: Math.min(...load1), max: Math.max(...load1), median: median(load1) },
        samples: loads,
        timeRatioByLoad: primary.timeRatioByLoad,
      },
      runs: settings.runs,
      smoke:
        settings.runs < SMOKE_RUNS_BELOW
          ? `a smoke run (BENCH_RUNS below ${SMOKE_RUNS_BELOW}): it shows that every leg works, its figures are no measurement`
          : undefined,
      timing:
        "from the navigation's start to the animation frame in which the e-mail field holds the address, both seen by a script in the page",
      phoneProfile: PHONE,
      // The first leg's figures, where they always were; `otherLegs` has the others in the same fields.
      protocol: primary.protocol,
      table: primary.table,
      waterfalls: primary.waterfalls,
      traces: primary.traces,
      scale,
      raw: primary.raw,
      otherLegs: otherLegs.map(({ themeResourceHeaders: _, ...leg }) => leg),
      sideBySide: results.length > 1 ? columns : undefined,
    });
    console.log(`bench: results saved to ${path.relative(root, file)}`);
  } finally {
    await browser.close();
    await server.stop();
    jar.remove();
  }
}

/** @typedef {{ name: import("./lib/config.mjs").LegName, url: string }} Leg */

function newLegState() {
  return {
    /** @type {Record<Console, Awaited<ReturnType<typeof measureConsole>>[]>} */
    runs: { ours: [], stock: [] },
    /** @type {Record<Console, Awaited<ReturnType<typeof measurePhone>>[]>} */
    phone: { ours: [], stock: [] },
    /** @type {Record<Console, ReturnType<typeof summariseTrace>[]>} */
    traced: { ours: [], stock: [] },
    /** One entry per pair of desktop runs: both times and the load right after them. */
    /** @type {{ ours: number, stock: number, load1: number }[]} */
    pairs: [],
    /** @type {ReturnType<typeof machineLoad>[]} */
    loads: [],
  };
}
/** @typedef {ReturnType<typeof newLegState>} LegState */
/** @typedef {{ name: Leg["name"], url: string, protocol: object, themeResourceHeaders?: Record<string, string>,
 *   load1: ReturnType<typeof loadRange>, timeRatioByLoad: ReturnType<typeof loadVerdict>,
 *   table: ReturnType<typeof tableOf>, waterfalls: object, traces: object, raw: object }} LegResult */

await runUnlessRefused("bench", main);
