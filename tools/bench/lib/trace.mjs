// @ts-check
// A performance trace of one cold load (Chrome's DevTools protocol, `Tracing`), and what it says about the time
// between the last answer from the server and the populated form: how much main-thread work, and of what kind.
import { AFTER_FORM_MS } from "./config.mjs";
import { nextLoad, signedInPage } from "./page.mjs";

const CATEGORIES = [
  "toplevel",
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "disabled-by-default-devtools.timeline.frame",
  "blink.user_timing",
  "loading",
  "v8.execute",
  "disabled-by-default-v8.cpu_profiler",
].join(",");

/**
 * Traces one cold load of `url` (signed in, empty HTTP cache) and returns the trace's events.
 * @param {import("@playwright/test").Browser} browser @param {string} url
 */
export async function traceLoad(browser, url) {
  const { context, page, cdp } = await signedInPage(browser, url);
  try {
    await cdp.send("Network.clearBrowserCache");
    /** @type {TraceEvent[]} */
    const events = [];
    cdp.on("Tracing.dataCollected", (/** @type {any} */ chunk) => events.push(...chunk.value));
    const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
    await cdp.send("Tracing.start", {
      traceConfig: { includedCategories: CATEGORIES.split(",") },
      transferMode: "ReportEvents",
    });
    const loaded = nextLoad(page);
    await page.goto(url, { waitUntil: "commit" });
    const shown = await loaded;
    await page.waitForTimeout(AFTER_FORM_MS / 3); // the frame that draws the form ends in the trace
    await cdp.send("Tracing.end");
    await complete;
    return { events, load: shown.load };
  } finally {
    await context.close();
  }
}

/**
 * @typedef {{ name: string, cat: string, ph: string, ts: number, dur?: number, pid: number, tid: number,
 *   args?: any, id?: string }} TraceEvent
 */

const TOP_LEVEL = new Set(["RunTask", "ThreadControllerImpl::RunTask"]);
const ms = (/** @type {number} */ microseconds) => Math.round(microseconds / 100) / 10;

/**
 * What the trace of one load says: the requests (waterfall, ms from the first request), the last answer before the
 * form showed, and the renderer main thread's work from then until the frame that drew the form was done, by kind
 * (self time of each trace event), by script, by function (CPU profile samples), and task by task.
 * @param {TraceEvent[]} events
 */
export function summariseTrace(events) {
  const mainThreads = new Set(
    events
      .filter((event) => event.ph === "M" && event.name === "thread_name" && event.args?.name === "CrRendererMain")
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const onMain = (/** @type {TraceEvent} */ event) => mainThreads.has(`${event.pid}:${event.tid}`);
  const mark = events.find((event) => event.name === "bench:populated" && event.cat.includes("user_timing"));
  if (!mark) throw new Error("bench: the trace has no bench:populated mark.");

  /** @type {Map<string, { url: string, sent: number, finished?: number, data: boolean }>} */
  const requests = new Map();
  for (const event of events) {
    const id = event.args?.data?.requestId;
    if (!id) continue;
    if (event.name === "ResourceSendRequest" && !requests.has(id)) {
      const { url, resourceType, initiator } = event.args.data;
      // The page's own calls (sign-in, data, texts), not what its drawing asks for (images, fonts).
      const data =
        ["Fetch", "XHR"].includes(resourceType) || ["fetch", "xmlhttprequest"].includes(initiator?.fetchType);
      requests.set(id, { url, sent: event.ts, data });
    } else if (event.name === "ResourceFinish") {
      const request = requests.get(id);
      if (request) request.finished = event.ts;
    }
  }
  const all = [...requests.values()].sort((a, b) => a.sent - b.sent);
  const start = all[0]?.sent ?? mark.ts;
  const answeredBefore = all.filter(
    (request) => request.data && request.finished !== undefined && request.finished <= mark.ts,
  );
  const lastAnswer = Math.max(...answeredBefore.map((request) => /** @type {number} */ (request.finished)));

  // Chrome writes a task twice (RunTask around ThreadControllerImpl::RunTask, or the other way): the outer one counts.
  const tokenAnswer = all.find((request) => request.data && request.url.includes("/openid-connect/token"))?.finished;
  const signedIn = tokenAnswer ?? start;
  const tasks = events
    .filter((event) => event.ph === "X" && TOP_LEVEL.has(event.name) && onMain(event) && event.dur)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
    .filter((task, index, sorted) => {
      const before = sorted[index - 1];
      return (
        !before ||
        before.pid !== task.pid ||
        before.tid !== task.tid ||
        before.ts + (before.dur ?? 0) < task.ts + (task.dur ?? 0)
      );
    });
  const frameTask = tasks.find((task) => task.ts <= mark.ts && mark.ts <= task.ts + (task.dur ?? 0));
  const windowEnd = frameTask ? frameTask.ts + (frameTask.dur ?? 0) : mark.ts;
  const overlap = (/** @type {TraceEvent} */ event) =>
    Math.max(0, Math.min(event.ts + (event.dur ?? 0), windowEnd) - Math.max(event.ts, lastAnswer));
  const windowTasks = tasks.filter((task) => overlap(task) > 0);

  // Self time per event name, on the main thread, inside the window: each complete event minus its children; and the
  // time of each script run that is not inside another one.
  /** @type {Map<string, number>} */
  const byScript = new Map();
  const nested = events
    .filter((event) => event.ph === "X" && onMain(event) && event.dur !== undefined && overlap(event) > 0)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const byKind = selfTimes(
    nested,
    (event) => event.name,
    overlap,
    (event, parent) => {
      if (["FunctionCall", "EvaluateScript", "v8.compile", "v8.compileModule"].includes(event.name)) {
        const data = event.args?.data ?? {};
        const where = `${event.name} ${data.functionName ? `${data.functionName} ` : ""}${fileOf(data.url ?? data.fileName)}`;
        if (!parent || !["FunctionCall", "EvaluateScript"].includes(parent.name)) {
          byScript.set(where, (byScript.get(where) ?? 0) + overlap(event));
        }
      }
    },
  );

  const top = (/** @type {Map<string, number>} */ map, count = 12) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .filter(([, time]) => time >= 500)
      .map(([name, time]) => `${ms(time)} ms ${name}`);

  return {
    loadMs: ms(mark.ts - start),
    lastAnswerMs: ms(lastAnswer - start),
    formShownMs: ms(mark.ts - start),
    frameDoneMs: ms(windowEnd - start),
    /** Main-thread task time from the last answer to the end of the frame that drew the form. */
    signedInMs: ms(signedIn - start),
    mainThreadAfterLastAnswerMs: ms(windowTasks.reduce((total, task) => total + overlap(task), 0)),
    /** The same for the whole load, from the first request to the end of that frame. */
    mainThreadWholeLoadMs: ms(
      tasks
        .filter((task) => task.ts < windowEnd && task.ts + (task.dur ?? 0) > start)
        .reduce((total, task) => total + Math.min(task.ts + (task.dur ?? 0), windowEnd) - Math.max(task.ts, start), 0),
    ),
    byKind: top(byKind),
    byScript: top(byScript, 8),
    byFunction: top(profileSelfTime(events, lastAnswer, windowEnd), 15),
    /** Every main-thread task of 2 ms or more from the token's answer (sign-in done) to the end of that frame. */
    tasksAfterSignIn: tasks
      .filter((task) => task.ts + (task.dur ?? 0) > signedIn && task.ts < windowEnd && (task.dur ?? 0) >= 2000)
      .map((task) => `${ms(task.ts - start)} ms: ${ms(task.dur ?? 0)} ms ${mainParts(events, task, onMain)}`),
    requests: all.map(
      (request) =>
        `${ms(request.sent - start)}-${request.finished === undefined ? "?" : ms(request.finished - start)} ms ${request.data ? "call" : "file"} ${fileOf(request.url, true)}`,
    ),
  };
}

/** What a top-level task spent its time on: self time by kind of event, the biggest first, as `kind ms`. */
function mainParts(
  /** @type {TraceEvent[]} */ events,
  /** @type {TraceEvent} */ task,
  /** @type {(event: TraceEvent) => boolean} */ onMain,
) {
  const end = task.ts + (task.dur ?? 0);
  const inside = events
    .filter(
      (event) =>
        event.ph === "X" &&
        event.pid === task.pid &&
        event.tid === task.tid &&
        event.ts >= task.ts &&
        event.ts + (event.dur ?? 0) <= end &&
        onMain(event),
    )
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = selfTimes(inside, (event) => {
    const data = event.args?.data ?? {};
    const script = data.functionName || fileOf(data.url ?? "");
    return ["FunctionCall", "EvaluateScript"].includes(event.name) && script ? `${event.name} ${script}` : event.name;
  });
  return [...self.entries()]
    .filter(([name, time]) => time >= 500 && !TOP_LEVEL.has(name))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([name, time]) => `${name} ${ms(time)}`)
    .join(", ");
}

/**
 * Self time (an event's duration minus its children's) per label, for complete events of one thread sorted by start.
 * `onEnter` sees each event as it is reached, with the event it is nested in.
 * @param {TraceEvent[]} sorted @param {(event: TraceEvent) => string} label @param {(event: TraceEvent) => number} [length]
 * @param {(event: TraceEvent, parent: TraceEvent | undefined) => void} [onEnter]
 */
function selfTimes(sorted, label, length = (event) => event.dur ?? 0, onEnter = () => {}) {
  /** @type {Map<string, number>} */
  const self = new Map();
  /** @type {{ event: TraceEvent, children: number }[]} */
  const stack = [];
  const close = (/** @type {{ event: TraceEvent, children: number }} */ entry) => {
    const name = label(entry.event);
    self.set(name, (self.get(name) ?? 0) + Math.max(0, length(entry.event) - entry.children));
  };
  for (const event of sorted) {
    while (stack.length && (stack.at(-1)?.event.ts ?? 0) + (stack.at(-1)?.event.dur ?? 0) <= event.ts) {
      close(/** @type {{ event: TraceEvent, children: number }} */ (stack.pop()));
    }
    const parent = stack.at(-1);
    if (parent) parent.children += length(event);
    onEnter(event, parent?.event);
    stack.push({ event, children: 0 });
  }
  while (stack.length) close(/** @type {{ event: TraceEvent, children: number }} */ (stack.pop()));
  return self;
}

/**
 * Self time per JavaScript function from the V8 CPU profile in the trace (ProfileChunk events), between `from` and
 * `to` (trace microseconds).
 * @param {TraceEvent[]} events @param {number} from @param {number} to
 */
function profileSelfTime(events, from, to) {
  /** @type {Map<string, Map<number, { name: string }>>} */
  const nodesByProfile = new Map();
  /** @type {Map<string, number>} */
  const clock = new Map();
  /** @type {Map<string, number>} */
  const self = new Map();
  for (const event of events) {
    if (event.name === "Profile") clock.set(`${event.pid}:${event.id}`, event.args?.data?.startTime ?? event.ts);
    if (event.name !== "ProfileChunk") continue;
    const key = `${event.pid}:${event.id}`;
    const data = event.args?.data ?? {};
    let nodes = nodesByProfile.get(key);
    if (!nodes) nodesByProfile.set(key, (nodes = new Map()));
    for (const node of data.cpuProfile?.nodes ?? []) {
      const frame = node.callFrame ?? {};
      nodes.set(node.id, { name: `${frame.functionName || "(anonymous)"} ${fileOf(frame.url ?? "")}`.trim() });
    }
    const samples = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    let time = clock.get(key) ?? event.ts;
    for (let index = 0; index < samples.length; index++) {
      const delta = deltas[index] ?? 0;
      time += delta;
      const next = deltas[index + 1] ?? 0;
      if (time < from || time > to) continue;
      const name = nodes.get(samples[index])?.name ?? "?";
      if (name.startsWith("(idle)") || name.startsWith("(program)")) continue;
      self.set(name, (self.get(name) ?? 0) + Math.max(0, next));
    }
    clock.set(key, time);
  }
  return self;
}

/** A script's file name (the path's last part), or the path and a shortened query for a request. */
function fileOf(/** @type {string} */ url, keepQuery = false) {
  if (!url) return "";
  try {
    const parsed = new URL(url);
    const file = keepQuery ? parsed.pathname : (parsed.pathname.split("/").pop() ?? "");
    const query = [...parsed.searchParams].map(([name, value]) => `${name}=${value.length > 16 ? "…" : value}`);
    return keepQuery && query.length ? `${file}?${query.join("&")}` : file;
  } catch {
    return url;
  }
}
