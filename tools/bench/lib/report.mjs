// @ts-check
// The bench's figures: medians per metric, the printed lines, what the machine's load says about them, and the
// result file.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { median } from "./config.mjs";

const kib = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
const ms = (/** @type {number} */ value) => `${Math.round(value)} ms`;

/** @typedef {Awaited<ReturnType<typeof import("./measure.mjs").measureConsole>>} ConsoleRun */
/** @typedef {Awaited<ReturnType<typeof import("./measure.mjs").measurePhone>>} PhoneRun */

/** @type {[string, (r: ConsoleRun) => number, (v: number) => string][]} */
const METRICS = [
  ["time to populated personal info (cold)", (r) => r.load, ms],
  ["from the last answer to the form (cold)", (r) => r.afterLastAnswer, ms],
  ["wire bytes total (cold, incl. 1.5 s after)", (r) => r.bytes, kib],
  ["wire bytes JS (cold)", (r) => r.js, kib],
  ["wire bytes CSS (cold)", (r) => r.css, kib],
  ["raw bytes total (cold, incl. 1.5 s after)", (r) => r.rawBytes, kib],
  ["raw bytes JS (cold)", (r) => r.rawJs, kib],
  ["raw bytes CSS (cold)", (r) => r.rawCss, kib],
  ["requests (cold, incl. 1.5 s after)", (r) => r.requests, String],
  ["requests before the form shows (cold)", (r) => r.criticalRequests, String],
  ["wire bytes before the form shows (cold)", (r) => r.criticalBytes, kib],
  ["failed requests (cold)", (r) => r.failed.length, String],
  ["switch to device activity", (r) => r.switch, ms],
  ["warm reload", (r) => r.warm, ms],
];

/** @type {[string, (r: PhoneRun) => number, (v: number) => string][]} */
const PHONE_METRICS = [
  ["phone profile cold load", (r) => r.load, ms],
  ["phone profile wire bytes before the form shows", (r) => r.criticalBytes, kib],
];

/**
 * Medians of both consoles per metric, printed as `bench: <metric> ours/stock = <ratio> (ours <v>, stock <v>)`, with
 * `note` (the leg and the machine's load during it) after it in brackets when given.
 * @param {{ ours: ConsoleRun[], stock: ConsoleRun[] }} runs @param {{ ours: PhoneRun[], stock: PhoneRun[] }} phone
 * @param {string} [note]
 */
export function tableOf(runs, phone, note) {
  /** @type {Record<string, { ours: number, stock: number, ratio: number }>} */
  const table = {};
  /** @template R @param {[string, (r: R) => number, (v: number) => string][]} metrics @param {{ ours: R[], stock: R[] }} results */
  const add = (metrics, results) => {
    for (const [name, pick, format] of metrics) {
      const ours = median(results.ours.map(pick));
      const stock = median(results.stock.map(pick));
      table[name] = { ours, stock, ratio: stock === 0 ? NaN : ours / stock };
      console.log(
        `bench: ${name} ours/stock = ${(ours / stock).toFixed(2)} (ours ${format(ours)}, stock ${format(stock)})${note ? ` [${note}]` : ""}`,
      );
    }
  };
  add(METRICS, runs);
  add(PHONE_METRICS, phone);
  return table;
}

/** @typedef {Record<string, { ours: number, stock: number, ratio: number }>} Table */

/**
 * The legs' tables side by side: per metric, each leg's figures.
 * @param {{ name: string, table: Table }[]} legs
 * @returns {Record<string, Record<string, { ours: number, stock: number, ratio: number }>>}
 */
export function sideBySide(legs) {
  /** @type {Record<string, Record<string, { ours: number, stock: number, ratio: number }>>} */
  const metrics = {};
  for (const leg of legs) {
    for (const [metric, figures] of Object.entries(leg.table)) (metrics[metric] ??= {})[leg.name] = figures;
  }
  return metrics;
}

/** The metrics printed once more with every leg's figures side by side, when a run has more than one leg. */
export const SIDE_BY_SIDE = [
  "time to populated personal info (cold)",
  "phone profile cold load",
  "switch to device activity",
  "wire bytes total (cold, incl. 1.5 s after)",
  "requests (cold, incl. 1.5 s after)",
];

/**
 * One metric of every leg on one line: `bench: side by side, <metric> ours/stock: <label> <ratio> (ours <v>, stock
 * <v>) | …`, each value in the metric's unit, as in the leg's own line.
 * @param {string} metric @param {{ label: string, table: Table }[]} legs
 */
export function sideBySideLine(metric, legs) {
  const format = [...METRICS, ...PHONE_METRICS].find(([name]) => name === metric)?.[2] ?? String;
  const figures = legs.map(({ label, table }) => {
    const entry = table[metric];
    return entry
      ? `${label} ${entry.ratio.toFixed(2)} (ours ${format(entry.ours)}, stock ${format(entry.stock)})`
      : `${label} -`;
  });
  return `bench: side by side, ${metric} ours/stock: ${figures.join(" | ")}`;
}

/**
 * What the runs of one console went over, all runs together (each run's Resource Timing counts, measure.mjs), and
 * whether that is all `expected` apart from what came from no network request.
 * @param {{ protocols: { byProtocol: Record<string, number>, connections: number } }[]} runs
 * @param {string} expected
 */
export function protocolsOf(runs, expected) {
  /** @type {Record<string, number>} */
  const byProtocol = {};
  for (const run of runs) {
    for (const [protocol, count] of Object.entries(run.protocols.byProtocol)) {
      byProtocol[protocol] = (byProtocol[protocol] ?? 0) + count;
    }
  }
  const others = Object.keys(byProtocol).filter((protocol) => protocol !== expected && protocol !== "none");
  return {
    byProtocol,
    connections: runs.map((run) => run.protocols.connections),
    asExpected: (byProtocol[expected] ?? 0) > 0 && others.length === 0,
  };
}

/**
 * The machine's 1-minute load over some samples, as printed beside a figure: `load 2.3–4.8`.
 * @param {{ load1: number }[]} samples
 */
export function loadRange(samples) {
  const values = samples.map((sample) => sample.load1);
  return { min: Math.min(...values), max: Math.max(...values), median: median(values) };
}

/**
 * What the machine's load says about the time ratio. Each pair of runs (one load of each console, one after the
 * other) has the load average sampled after it; pairs on a loaded machine (1-minute load above the number of cores)
 * and on a quiet one are compared. On two shared cores the stock console slows more under load than ours (its start-up
 * has more main-thread work), so a figure from a loaded machine can look better than a quiet machine would give: the
 * bench says so when the two groups disagree, or when every pair ran loaded.
 * @param {{ ours: number, stock: number, load1: number }[]} pairs @param {number} cpus
 */
export function loadVerdict(pairs, cpus) {
  const ratioOf = (/** @type {typeof pairs} */ group) =>
    group.length ? median(group.map((pair) => pair.ours)) / median(group.map((pair) => pair.stock)) : undefined;
  const loaded = pairs.filter((pair) => pair.load1 > cpus);
  const quiet = pairs.filter((pair) => pair.load1 <= cpus);
  const loadedRatio = ratioOf(loaded);
  const quietRatio = ratioOf(quiet);
  /** @type {string[]} */
  const notes = [];
  if (loadedRatio !== undefined && quietRatio !== undefined) {
    const apart = Math.abs(loadedRatio - quietRatio);
    if (apart > 0.05) {
      notes.push(
        `the time ratio disagrees with the load: ${quietRatio.toFixed(2)} in the ${quiet.length} pairs on a quiet machine (load <= ${cpus}), ${loadedRatio.toFixed(2)} in the ${loaded.length} on a loaded one; the quiet figure is the one to trust`,
      );
    }
  } else if (loadedRatio !== undefined) {
    notes.push(
      `every pair ran on a loaded machine (load ${Math.min(...loaded.map((pair) => pair.load1))}-${Math.max(...loaded.map((pair) => pair.load1))} on ${cpus} cores): the stock console slows more than ours under load, so this ratio (${loadedRatio.toFixed(2)}) may be lower than a quiet machine would give`,
    );
  }
  return {
    quiet: { pairs: quiet.length, ratio: quietRatio },
    loaded: { pairs: loaded.length, ratio: loadedRatio },
    notes,
  };
}

/** Fewer runs per console than this make a smoke run: it shows that the bench works, its figures are no measurement. */
export const SMOKE_RUNS_BELOW = 3;

/**
 * The result file's name: `load-<mode>-<date>.json`, `load-<mode>-smoke-<date>.json` for a smoke run.
 * @param {string} mode @param {number} runs @param {Date} date
 */
export function resultFileName(mode, runs, date) {
  const kind = runs < SMOKE_RUNS_BELOW ? `${mode}-smoke` : mode;
  return `load-${kind}-${date.toISOString().replace(/[:.]/g, "-")}.json`;
}

/**
 * Writes the result file; returns its path.
 * @param {string} root @param {string} mode @param {{ runs: number } & Record<string, unknown>} result
 */
export function saveResult(root, mode, result) {
  const directory = path.join(root, "test-results", "bench");
  mkdirSync(directory, { recursive: true });
  const file = path.join(directory, resultFileName(mode, result.runs, new Date()));
  writeFileSync(file, JSON.stringify(result, null, 2));
  return file;
}
