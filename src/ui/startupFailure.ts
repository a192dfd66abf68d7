import { reloadUrl } from "../lib/reloadUrl";

/**
 * The error dialog for a start-up that could not even load the app's code (a deploy replaced the chunk, the network
 * dropped): plain DOM from the entry, since React and the dialog component are in the chunk that failed. English
 * only, as the error dialog before translations load; "Try again" loads the page afresh.
 */
export function showStartupFailure(root: HTMLElement, error: unknown): void {
  const dialog = document.createElement("div");
  dialog.className = "startup-failure";
  dialog.setAttribute("role", "alertdialog");
  dialog.setAttribute("aria-modal", "true");
  dialog.setAttribute("aria-labelledby", "error-dialog-title");
  dialog.setAttribute("aria-describedby", "error-dialog-body");
  dialog.dataset.testid = "error-dialog";

  const title = document.createElement("h1");
  title.id = "error-dialog-title";
  title.textContent = "Something went wrong";
  const body = document.createElement("div");
  body.id = "error-dialog-body";
  const description = document.createElement("p");
  description.textContent = "Sorry, an unexpected error has occurred.";
  body.append(description);
  if (error instanceof Error && error.message) {
    const detail = document.createElement("p");
    detail.dataset.testid = "error-message";
    detail.textContent = error.message;
    body.append(detail);
  }
  const retry = document.createElement("button");
  retry.type = "button";
  retry.id = "try-again";
  retry.className = "pf-v6-c-button pf-m-primary";
  retry.textContent = "Try again";
  retry.addEventListener("click", () => window.location.assign(reloadUrl(window.location)));

  dialog.append(title, body, retry);
  root.replaceChildren(dialog);
  retry.focus();
}
