import { AngleDownIcon } from "@patternfly/react-icons";
import { useEffect, useId, useRef, useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import "./section-nav.css";

export type NavSection = { id: string; title: string };

/** How far below the top of the viewport a section's heading must have scrolled to count as the one being read. */
const READING_LINE = 120;

/** The slug the stock console puts in a jump link's test id: the title in lower case, spaces as dashes. */
export const jumpLinkSlug = (title: string) => title.toLowerCase().replace(/\s+/g, "-");

/**
 * The section being read: the last one whose heading has passed the reading line (the first while none has). At the
 * end of the page, where the last headings can never reach that line, the last one in view.
 */
export function currentSection(
  tops: number[],
  { line = READING_LINE, atEnd = false, viewport = Infinity } = {},
): number {
  let current = 0;
  tops.forEach((top, index) => {
    if (top <= line || (atEnd && top < viewport)) current = index;
  });
  return current;
}

/** The element that scrolls `element`: its nearest scrollable ancestor, or the document's. */
function scrollerOf(element: Element | null): Element | null {
  for (let node = element?.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === "auto" || overflowY === "scroll") && node.scrollHeight > node.clientHeight) return node;
  }
  return document.scrollingElement;
}

/** Keys that scroll the page when the focus is not in a field. */
const SCROLL_KEYS = new Set(["PageUp", "PageDown", "Home", "End", "ArrowUp", "ArrowDown", " "]);

const prefersReducedMotion = () =>
  typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * "Jump to section": links to the form's attribute groups. A link scrolls its group's heading into view and moves
 * the focus there, so the keyboard carries on from that group; the link of the group being read is marked as the
 * current one. Beside the form on a wide screen; on a narrow one it sits above the form, folded under its title.
 */
export default function SectionNav({ sections }: { sections: NavSection[] }) {
  const { t } = useTranslation();
  const labelId = useId();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState(0);

  // Which section is current: the one the focus is in (a jump or the keyboard put it there) until the reader
  // scrolls by wheel, touch or a scroll key; otherwise where the headings are, whatever scrolls (the page's main
  // container or the window).
  const pinned = useRef(false);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      if (pinned.current) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const elements = sections.map(({ id }) => document.getElementById(id));
        const scroller = scrollerOf(elements[0] ?? null);
        const atEnd = !!scroller && scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2;
        const tops = elements.map((element) => element?.getBoundingClientRect().top ?? Infinity);
        setCurrent(currentSection(tops, { atEnd, viewport: window.innerHeight }));
      });
    };
    const focused = (event: FocusEvent) => {
      const index = sections.findIndex(({ id }) => document.getElementById(id)?.contains(event.target as Node));
      if (index < 0) return;
      pinned.current = true;
      setCurrent(index);
    };
    const released = (event: Event) => {
      if (event instanceof KeyboardEvent) {
        const inField = event.target instanceof HTMLElement && event.target.closest("input, textarea, select");
        if (!SCROLL_KEYS.has(event.key) || inField) return;
      }
      pinned.current = false;
    };
    update();
    // One signal takes every listener away again.
    const listening = new AbortController();
    const { signal } = listening;
    const scrollOptions = { capture: true, passive: true, signal };
    document.addEventListener("scroll", update, scrollOptions);
    window.addEventListener("resize", update, { signal });
    document.addEventListener("focusin", focused, { signal });
    document.addEventListener("wheel", released, scrollOptions);
    document.addEventListener("touchstart", released, scrollOptions);
    document.addEventListener("keydown", released, { capture: true, signal });
    return () => {
      cancelAnimationFrame(frame);
      listening.abort();
    };
  }, [sections]);

  const jump = (event: MouseEvent<HTMLAnchorElement>, index: number, id: string) => {
    const section = document.getElementById(id);
    if (!section) return; // let the browser follow the link
    event.preventDefault();
    const heading = section.querySelector<HTMLElement>("h1, h2, h3, h4, h5, h6") ?? section;
    heading.tabIndex = -1;
    heading.scrollIntoView({ block: "start", behavior: prefersReducedMotion() ? "auto" : "smooth" });
    heading.focus({ preventScroll: true });
    pinned.current = true;
    setCurrent(index);
    setOpen(false);
  };

  return (
    <nav className={`section-nav${open ? " section-nav-open" : ""}`} aria-labelledby={labelId}>
      <button
        type="button"
        className="section-nav-toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <span id={labelId}>{t("jumpToSection")}</span>
        <AngleDownIcon aria-hidden className="section-nav-toggle-icon" />
      </button>
      <p className="section-nav-label" aria-hidden>
        {t("jumpToSection")}
      </p>
      <ul id={listId} className="section-nav-list">
        {sections.map(({ id, title }, index) => (
          <li key={id}>
            <a
              href={`#${id}`}
              className="section-nav-link"
              aria-current={index === current ? "location" : undefined}
              data-testid={`jump-link-${jumpLinkSlug(title)}`}
              onClick={(event) => jump(event, index, id)}
            >
              {title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
