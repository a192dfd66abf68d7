import type { ComponentProps } from "react";
import { flushSync } from "react-dom";
import { RouterProvider as BaseRouterProvider } from "react-router";

/**
 * react-router's provider with its documented `useTransitions={false}`: router updates are drawn at once, not as
 * transitions. A transition's render is cut into 5 ms slices, each a task of its own, so a page's content came out
 * later behind whatever else the main thread had queued: the first form after its data, and every page switch
 * (docs/performance.md, the table of mechanisms). The app and the tests draw through this one.
 *
 * `flushSync` is react-dom's, as `react-router/dom`'s provider passes it; importing that entry instead gave the tests
 * a second copy of react-router's contexts (its CommonJS build beside the ES one).
 */
const flushUpdates = (update: () => unknown): undefined => {
  flushSync(update);
};

export function RouterProvider(props: ComponentProps<typeof BaseRouterProvider>) {
  return <BaseRouterProvider flushSync={flushUpdates} useTransitions={false} {...props} />;
}
