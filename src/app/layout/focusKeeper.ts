/** What can take the keyboard focus, in the order Tab reaches it. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Containers of rows: when a row goes, the focus moves on to the next row's first control. */
const LIST = "ul, ol, table, tbody, [role=list], [role=grid]";

/** A selector that finds the same control again after its part of the page was drawn anew. */
function selectorOf(element: Element): string | undefined {
  const quote = (value: string) => `"${value.replace(/["\\]/g, "\\$&")}"`;
  const testId = element.getAttribute("data-testid");
  if (testId) return `[data-testid=${quote(testId)}]`;
  // React's generated ids (":r1:", "_r_1_") change when a part is drawn anew: only ids written by hand count.
  if (element.id && !/^:|^_r_|^pf-/.test(element.id)) return `[id=${quote(element.id)}]`;
  return undefined;
}

/**
 * Keeps the keyboard focus in `region` when the element that had it goes away: a row's button removes its row (sign
 * out, remove access, revoke), a dialog gives the focus back to a button whose list then loads again. The browser
 * would leave the focus on the page's body, and a keyboard user would start over at the top. Instead the focus goes
 * to the same control drawn anew (same test id or id), else to the next control of the list the row was in, else to
 * the region itself (focusable, tabIndex -1) until the same control comes back. Returns a function that stops it.
 */
export function keepFocusIn(region: HTMLElement): () => void {
  // The focused element and its ancestors up to the region, nearest first.
  let lineage: Element[] = [];
  // The lost control's selector while the region holds the focus in its place.
  let pending: string | undefined;

  // Focus that leaves the region (for a dialog, say) keeps what it left: the dialog gives the focus back there.
  const remember = (event: FocusEvent) => {
    const target = event.target;
    if (!(target instanceof Element) || !region.contains(target) || target === region) return;
    pending = undefined;
    lineage = [];
    for (let node: Element | null = target; node && node !== region; node = node.parentElement) lineage.push(node);
  };
  // A pointer user puts the focus where they click: nothing to keep.
  const forget = () => {
    pending = undefined;
    lineage = [];
  };

  const rescue = () => {
    const active = document.activeElement;
    if (pending) {
      if (active !== region) return;
      const back = region.querySelector<HTMLElement>(pending);
      if (back) {
        pending = undefined;
        back.focus();
      }
      return;
    }
    const [lost] = lineage;
    if (!lost || lost.isConnected || (active && active !== document.body)) return;
    const ancestors = lineage;
    lineage = [];
    const selector = selectorOf(lost);
    const again = selector ? region.querySelector<HTMLElement>(selector) : null;
    const list = ancestors.find((node) => node.isConnected && node.matches(LIST));
    const next = again ?? list?.querySelector<HTMLElement>(FOCUSABLE);
    if (next) {
      next.focus();
      return;
    }
    region.focus();
    pending = selector;
  };

  const observer = new MutationObserver(rescue);
  observer.observe(region, { childList: true, subtree: true });
  // Dialogs live beside the page, in the body: closing one is when the focus is given back, or lost.
  observer.observe(document.body, { childList: true });
  document.addEventListener("focusin", remember);
  document.addEventListener("pointerdown", forget, true);
  return () => {
    observer.disconnect();
    document.removeEventListener("focusin", remember);
    document.removeEventListener("pointerdown", forget, true);
  };
}
