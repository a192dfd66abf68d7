// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { keepFocusIn } from "./focusKeeper";

/** Lets the MutationObserver's callback run: it was queued as a microtask by the change, before this one. */
const settle = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe("keepFocusIn", () => {
  let stop: () => void = () => undefined;
  afterEach(() => {
    stop();
    document.body.innerHTML = "";
  });

  function region() {
    document.body.innerHTML = `
      <main id="main" tabindex="-1">
        <button id="top">Top</button>
        <ul id="list">
          <li id="row-1"><button id="remove-1">Remove</button></li>
          <li id="row-2"><button id="remove-2">Remove</button></li>
        </ul>
      </main>`;
    const main = document.getElementById("main")!;
    stop = keepFocusIn(main);
    return main;
  }

  it("moves the focus to the first control of the list when the focused row goes away", async () => {
    region();
    document.getElementById("remove-1")!.focus();
    document.getElementById("row-1")!.remove();
    await settle();
    expect(document.activeElement?.id).toBe("remove-2");
  });

  it("falls back to the region when nothing of the focused part is left", async () => {
    const main = region();
    document.getElementById("remove-1")!.focus();
    main.innerHTML = "<p>Empty</p>";
    await settle();
    expect(document.activeElement).toBe(main);
  });

  it("gives the focus back to the same control when its list is drawn anew", async () => {
    const main = region();
    document.getElementById("remove-2")!.setAttribute("data-testid", "remove-second");
    document.getElementById("remove-2")!.focus();
    const list = document.getElementById("list")!;
    list.remove();
    await settle();
    expect(document.activeElement).toBe(main);
    main.append(list);
    await settle();
    expect(document.activeElement?.id).toBe("remove-2");
  });

  it("finds the opener gone when a dialog beside the page closes", async () => {
    const main = region();
    document.getElementById("remove-1")!.focus();
    const dialog = document.createElement("div");
    dialog.innerHTML = "<button>Confirm</button>";
    document.body.append(dialog);
    dialog.querySelector("button")!.focus();
    // The dialog's action removes the row while the dialog still has the focus, then the dialog closes.
    document.getElementById("row-1")!.remove();
    await settle();
    expect(document.activeElement?.textContent).toBe("Confirm");
    dialog.remove();
    await settle();
    expect(main.contains(document.activeElement)).toBe(true);
    expect(document.activeElement?.id).toBe("remove-2");
  });

  it("forgets what had the focus once the pointer is used", async () => {
    region();
    document.getElementById("remove-1")!.focus();
    document.body.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    document.getElementById("row-1")!.remove();
    await settle();
    expect(document.activeElement).toBe(document.body);
  });

  it("gives the focus back to a button once it is no longer disabled while busy", async () => {
    region();
    const button = document.getElementById("remove-1") as HTMLButtonElement;
    button.focus();
    // What the browser does with the focus of a control that is disabled (jsdom keeps it there).
    button.blur();
    button.disabled = true;
    await settle();
    expect(document.activeElement).toBe(document.body);
    button.disabled = false;
    await settle();
    expect(document.activeElement).toBe(button);
  });

  it("leaves the focus alone when it is somewhere else", async () => {
    region();
    document.getElementById("remove-1")!.focus();
    document.getElementById("top")!.focus();
    document.getElementById("row-2")!.remove();
    await settle();
    expect(document.activeElement?.id).toBe("top");
  });

  it("stops watching when told", async () => {
    region();
    stop();
    document.getElementById("remove-1")!.focus();
    document.getElementById("row-1")!.remove();
    await settle();
    expect(document.activeElement).toBe(document.body);
  });
});
