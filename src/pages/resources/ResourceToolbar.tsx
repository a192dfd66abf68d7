import { useTranslation } from "react-i18next";
import type { PageLinks } from "../../api/links";
import { rowsShown, SearchToolbar } from "../../ui/SearchToolbar";
import { followLink, pagingState, PER_PAGE_OPTIONS, type ResourceQuery } from "./resources";

/**
 * The name filter and the pager of a resource list. The server sends no total, only Link headers: the pager
 * shows the rows known so far and moves where the server's `next` / `prev` links point.
 */
export function ResourceToolbar({
  id,
  label,
  query,
  rowCount,
  links,
  onChange,
}: {
  id: string;
  label: string;
  query: ResourceQuery;
  rowCount: number;
  links: PageLinks;
  onChange: (query: ResourceQuery) => void;
}) {
  const { t } = useTranslation();
  const { page, itemCount } = pagingState(query, rowCount, links);

  return (
    <SearchToolbar
      id={`${id}-toolbar`}
      className="resource-toolbar"
      searchClassName="resource-toolbar-search"
      label={label}
      placeholder={t("filterByName")}
      initialText={query.name}
      onSearch={(text) => onChange({ ...query, first: 0, name: text.trim() })}
      perPageOptions={PER_PAGE_OPTIONS}
      pagination={{
        widgetId: `${id}-pagination`,
        itemCount,
        perPage: query.max,
        page,
        toggleTemplate: rowsShown(rowCount),
        onNextClick: () => onChange(followLink(query, links, "next")),
        onPreviousClick: () => onChange(followLink(query, links, "prev")),
        onPerPageSelect: (_event, max) => onChange({ ...query, first: 0, max }),
      }}
    />
  );
}
