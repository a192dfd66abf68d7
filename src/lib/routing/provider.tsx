import type { ComponentProps } from "react";
import { RouterProvider as DomRouterProvider } from "react-router/dom";

/**
 * react-router's provider with its documented `useTransitions={false}`: router updates are drawn at once, not as
 * transitions. A transition's render is cut into 5 ms slices, each a task of its own, so a page's content came out
 * later behind whatever else the main thread had queued: the first form after its data, and every page switch
 * (docs/performance.md, the table of mechanisms). The app and the tests draw through this one.
 */
export function RouterProvider(props: ComponentProps<typeof DomRouterProvider>) {
  return <DomRouterProvider useTransitions={false} {...props} />;
}
