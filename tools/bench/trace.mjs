// @ts-check
// `npm run bench:trace`: a performance trace of one cold load of each console (ours, then the stock one) in
// the bench's set-up (load.mjs: same server, mode, realms and user), summarised: the requests, the last
// answer before the form showed, and the main thread's work from then until the form was drawn, by kind, by script
// and by function. BENCH_MODE, BENCH_KEYCLOAK_URL and BENCH_KC_* as for the bench (production mode: over the
// production shape's HTTPS only); TRACE_RAW=<dir> also writes the raw traces there (they open in Chrome's
// performance panel).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gitState, machineLoad, runUnlessRefused } from "./lib/provenance.mjs";
import { CONSOLES, benchSettings } from "./lib/config.mjs";
import { launchBrowser } from "./lib/browser.mjs";
import { measureConsole } from "./lib/measure.mjs";
import { benchKeycloak, currentJar, seedConsoles } from "./lib/server.mjs";
import { summariseTrace, traceLoad } from "./lib/trace.mjs";

const root = path.resolve(import.meta.dirname, "..", "..");
const settings = benchSettings();

async function main() {
  const jar = currentJar(root);
  const server = await benchKeycloak(jar, settings);
  const browser = await launchBrowser(server.certificate?.spki);
  try {
    const { served } = await seedConsoles(server.url, jar, settings, server.legs, server.certificate?.pem);
    // The first leg: in production mode the production shape's HTTPS (see load.mjs).
    const base = /** @type {{ url: string }} */ (server.legs[0]).url;
    const loadBefore = machineLoad();
    /** @type {Record<string, ReturnType<typeof summariseTrace>>} */
    const summaries = {};
    for (const [which, realm] of Object.entries(CONSOLES)) {
      const url = `${base}/realms/${realm}/account/`;
      await measureConsole(browser, url); // warm-up of the server (JIT, theme caches); not traced
      const { events } = await traceLoad(browser, url);
      if (process.env.TRACE_RAW) {
        mkdirSync(process.env.TRACE_RAW, { recursive: true });
        writeFileSync(path.join(process.env.TRACE_RAW, `trace-${which}.json`), JSON.stringify({ traceEvents: events }));
      }
      const summary = summariseTrace(events);
      summaries[which] = summary;
      console.log(`trace: ${which}: ${JSON.stringify(summary, null, 2)}`);
    }
    const result = {
      date: new Date().toISOString(),
      git: gitState(root),
      jar: { sha256: jar.sha256, builtAt: jar.builtAt },
      mode: served.mode,
      machine: { before: loadBefore, after: machineLoad() },
      summaries,
    };
    const file = path.join(
      root,
      "test-results",
      "bench",
      `trace-${settings.mode}-${result.date.replace(/[:.]/g, "-")}.json`,
    );
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(result, null, 2));
    console.log(`trace: saved to ${path.relative(root, file)}`);
  } finally {
    await browser.close();
    await server.stop();
    jar.remove();
  }
}

await runUnlessRefused("trace", main);
