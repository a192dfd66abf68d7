import { EmptyState } from "@patternfly/react-core";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Page } from "../../api/methods";
import type { ResourceRepresentation } from "../../api/representations";
import { LoadError } from "../../ui/LoadError";
import { LoadingState } from "../../ui/LoadingState";
import { useFetch } from "../../ui/hooks/useFetch";
import { ResourceTable } from "./ResourceTable";
import { ResourceToolbar } from "./ResourceToolbar";
import { FIRST_QUERY, type ResourceQuery } from "./resources";

type Columns = Parameters<typeof ResourceTable>[0]["columns"];

/**
 * One tab of resources, a page at a time: the search and paging toolbar, then loading, error, empty (with or without
 * a search) or the table, whose rows the tab draws.
 */
export function ResourceList({
  id,
  label,
  load,
  firstPage,
  version = 0,
  emptyTitle,
  columns,
  onQueryChange,
  children,
}: {
  id: string;
  label: string;
  load: (query: ResourceQuery, signal: AbortSignal) => Promise<Page<ResourceRepresentation>>;
  /** The first page, already loaded by the page's loader. */
  firstPage?: Page<ResourceRepresentation>;
  /** Bumped after a change on the server: the current page loads again. */
  version?: number;
  /** The empty state's title when no search is typed. */
  emptyTitle: string;
  columns: Columns;
  onQueryChange?: () => void;
  children: (rows: ResourceRepresentation[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState<ResourceQuery>(FIRST_QUERY);
  const key = `${version}|${query.first}|${query.max}|${query.name}`;
  const { state, reload } = useFetch((signal) => load(query, signal), key, firstPage);
  const page = state.status === "ready" ? state.data : { rows: [], links: {} };

  return (
    <>
      <ResourceToolbar
        id={id}
        label={label}
        query={query}
        rowCount={page.rows.length}
        links={page.links}
        onChange={(next) => {
          onQueryChange?.();
          setQuery(next);
        }}
      />
      {state.status === "loading" && <LoadingState />}
      {state.status === "error" && <LoadError error={state.error} onRetry={reload} />}
      {state.status === "ready" &&
        (page.rows.length === 0 ? (
          <EmptyState headingLevel="h2" titleText={query.name ? t("noSearchResults") : emptyTitle} variant="xs" />
        ) : (
          <ResourceTable label={label} columns={columns}>
            {children(page.rows)}
          </ResourceTable>
        ))}
    </>
  );
}
