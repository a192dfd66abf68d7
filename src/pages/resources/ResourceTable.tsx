import "@patternfly/react-styles/css/components/Table/table.css";
import "@patternfly/react-styles/css/components/Table/table-grid.css";
import { ExternalLinkAltIcon } from "@patternfly/react-icons";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ResourceRepresentation } from "../../api/representations";
import { webUrl } from "../../lib/safeUrl";
import { applicationLabel } from "./resources";

/**
 * A PatternFly-styled table (role grid, as the stock console's, so its cells are grid cells to assistive technology
 * and to suites written for it). Below 768 px each row stacks, its cells labelled by `data-label`.
 */
export function ResourceTable({
  label,
  columns,
  children,
}: {
  label: string;
  /** Column titles; an entry `{ hidden }` is a column titled for screen readers only (toggle, actions). */
  columns: (string | { hidden: string })[];
  children: ReactNode;
}) {
  return (
    <table className="pf-v6-c-table pf-m-grid-md resource-table" role="grid" aria-label={label}>
      <thead className="pf-v6-c-table__thead">
        <tr className="pf-v6-c-table__tr">
          {columns.map((column) =>
            typeof column === "string" ? (
              <th key={column} className="pf-v6-c-table__th" scope="col">
                {column}
              </th>
            ) : (
              <th key={column.hidden} className="pf-v6-c-table__th resource-narrow-column" scope="col">
                <span className="pf-v6-screen-reader">{column.hidden}</span>
              </th>
            ),
          )}
        </tr>
      </thead>
      {children}
    </table>
  );
}

/** The client's name, a link to its base URL when that is a web URL (new tab, no opener, no referrer). */
export function ApplicationLink({ resource }: { resource: ResourceRepresentation }) {
  const { t } = useTranslation();
  const name = applicationLabel(t, resource);
  const url = webUrl(resource.client?.baseUrl);
  return url ? (
    <a href={url} target="_blank" rel="noopener noreferrer" className="resource-application-link">
      {name} <ExternalLinkAltIcon aria-hidden className="resource-link-icon" />
    </a>
  ) : (
    <>{name}</>
  );
}
