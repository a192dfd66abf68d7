import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderPage } from "./renderPage";

/** How long the resources page may take to show its first rows (a lazy page, then a round trip to the fake server). */
export const PAGE_LOAD = { timeout: 4_000 };

/**
 * The resources page against a stateful fake server (FakeUmaServer) instead of renderPage's stub: `server()` is asked
 * on every call, so a test may swap it, or put a stand-in in front of it.
 */
export function renderResources(server: () => { fetch: typeof fetch }) {
  return renderPage("resources", { fetch: (input, init) => server().fetch(input, init) });
}

/** Renders the resources page and picks `item` in the actions menu of the row of `resource`: the dialog it opens. */
export async function openActionsMenuItem(server: () => { fetch: typeof fetch }, resource: string, item: string) {
  const user = userEvent.setup();
  renderResources(server);
  await user.click(await screen.findByTestId(`actions-${resource}`, {}, PAGE_LOAD));
  await user.click(await screen.findByRole("menuitem", { name: item }));
  return { user, dialog: await screen.findByRole("dialog") };
}
