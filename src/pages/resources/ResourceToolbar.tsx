import { Pagination, SearchInput, Toolbar, ToolbarContent, ToolbarItem } from "@patternfly/react-core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { PageLinks } from "../../api/links";
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
  const [text, setText] = useState(query.name);
  const { page, itemCount } = pagingState(query, rowCount, links);

  return (
    <Toolbar id={`${id}-toolbar`} className="resource-toolbar">
      <ToolbarContent>
        <ToolbarItem className="resource-toolbar-search">
          <SearchInput
            placeholder={t("filterByName")}
            aria-label={`${t("search")}: ${label}`}
            value={text}
            onChange={(_event, value) => setText(value)}
            onSearch={(_event, value) => onChange({ ...query, first: 0, name: value.trim() })}
            onClear={() => {
              setText("");
              onChange({ ...query, first: 0, name: "" });
            }}
          />
        </ToolbarItem>
        <ToolbarItem variant="pagination" align={{ default: "alignEnd" }}>
          <Pagination
            isCompact
            widgetId={`${id}-pagination`}
            itemCount={itemCount}
            perPage={query.max}
            page={page}
            perPageOptions={PER_PAGE_OPTIONS.map((value) => ({ title: String(value), value }))}
            toggleTemplate={({ firstIndex, lastIndex }) => (
              <b>
                {rowCount === 0 ? 0 : firstIndex} - {rowCount === 0 ? 0 : lastIndex}
              </b>
            )}
            onNextClick={() => onChange(followLink(query, links, "next"))}
            onPreviousClick={() => onChange(followLink(query, links, "prev"))}
            onPerPageSelect={(_event, max) => onChange({ ...query, first: 0, max })}
          />
        </ToolbarItem>
      </ToolbarContent>
    </Toolbar>
  );
}
