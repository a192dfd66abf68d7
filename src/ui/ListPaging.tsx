import { Pagination } from "@patternfly/react-core";
import { useDeferredValue, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

const PER_PAGE_OPTIONS = [10, 20, 50, 100];

/**
 * A long list shown a page at a time, in the browser. The server answers these lists whole, but drawing 200 sessions
 * or 500 groups at once costs a second of layout; a page costs a tenth of that. Lists no longer than a page show no
 * pager at all. `resetKey` starts again from the first page when it changes (a new filter).
 *
 * `firstDraw` rows, about what a screen holds, are drawn with the page; the rest of the page's rows right after, in
 * React's background rendering, so the switch to a page of many rows shows its top as soon as a short list would.
 */
export function useListPaging<T>(
  items: T[],
  {
    id,
    perPage: initialPerPage,
    resetKey,
    firstDraw,
  }: { id: string; perPage: number; resetKey?: unknown; firstDraw?: number },
): { shown: T[]; offset: number; pager: ReactNode } {
  const { t } = useTranslation();
  const [perPage, setPerPage] = useState(initialPerPage);
  const [state, setState] = useState({ page: 1, resetKey });
  // A new filter starts on the first page; a shorter list (after a sign-out) never leaves us past its end.
  const requested = state.resetKey === resetKey ? state.page : 1;
  const lastPage = Math.max(1, Math.ceil(items.length / perPage));
  const page = Math.min(requested, lastPage);
  const offset = (page - 1) * perPage;
  const setPage = (next: number) => setState({ page: next, resetKey });

  const pager =
    items.length > Math.min(initialPerPage, perPage) ? (
      <Pagination
        widgetId={`${id}-pagination`}
        className="list-pager"
        variant="bottom"
        // In the flow after the list: a sticky pager would cover the last row on a phone.
        isStatic
        isCompact
        itemCount={items.length}
        perPage={perPage}
        page={page}
        perPageOptions={PER_PAGE_OPTIONS.map((value) => ({ title: String(value), value }))}
        titles={{ perPageSuffix: t("perPage"), currPageAriaLabel: t("currentPage") }}
        onSetPage={(_event, next) => setPage(next)}
        onPerPageSelect={(_event, next) => {
          setPerPage(next);
          setPage(1);
        }}
      />
    ) : null;

  const current = useMemo(() => ({ rows: items.slice(offset, offset + perPage), offset }), [items, offset, perPage]);
  // The rows and their offset change together: a row's test id holds its index in the whole list.
  const drawn = useDeferredValue(
    current,
    firstDraw === undefined ? current : { ...current, rows: current.rows.slice(0, firstDraw) },
  );
  return { shown: drawn.rows, offset: drawn.offset, pager };
}
