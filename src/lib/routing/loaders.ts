import type { Match, RouterState } from "./types";

export type LoadResult = { loaderData: unknown[]; error: RouterState["error"] };

/**
 * Runs the loaders of `matches` side by side. A loader that throws at once fails like one whose promise rejects;
 * a route without a loader keeps `previous` data. A failure goes to the nearest route at or above the failed one
 * that has an error element.
 */
export async function runLoaders(
  matches: Match[],
  url: string,
  signal: AbortSignal,
  previous?: unknown[],
): Promise<LoadResult> {
  const request = new Request(new URL(url, window.location.origin), { signal });
  const results = await Promise.allSettled(
    matches.map(({ route, params }, index) =>
      route.loader
        ? new Promise((resolve) => resolve(route.loader!({ params, request })))
        : Promise.resolve(previous?.[index]),
    ),
  );
  const failed = results.findIndex((result) => result.status === "rejected");
  const loaderData = results.map((result) => (result.status === "fulfilled" ? result.value : undefined));
  if (failed < 0) return { loaderData, error: null };
  let index = failed;
  while (index > 0 && !matches[index]!.route.errorElement) index--;
  return { loaderData, error: { value: (results[failed] as PromiseRejectedResult).reason, index } };
}
