import {
  DataList,
  DataListCell,
  DataListItem,
  DataListItemCells,
  DataListItemRow,
  EmptyState,
  EmptyStateBody,
} from "@patternfly/react-core";
import type { ReactNode } from "react";
import { ColumnTitles } from "./ColumnTitles";
import "./titled-list.css";

/** A row of a titled list: its name cell (the row's accessible name, with badges beside it) and its other cells. */
export type TitledListRow = {
  key: string;
  /** The id of the name, which labels the row. */
  nameId: string;
  name: ReactNode;
  /** Shown beside the name (a "disabled" or "inherited" label). */
  badge?: ReactNode;
  nameTestId?: string;
  testId?: string;
  cells: { key: string; className?: string; testId?: string; content: ReactNode }[];
};

/**
 * A list with column titles on wide screens whose rows stack on narrow ones: the shape of the groups and organizations
 * pages. Each row is labelled by its name; the first cell is the name, in bold, with its badge.
 */
export function TitledList({
  id,
  label,
  titles,
  className,
  rowClass,
  isCompact,
  rows,
}: {
  id: string;
  label: string;
  titles: string[];
  /** The column titles' class, `<className>-header` (sets `--column-titles-columns`). */
  className: string;
  /** Names each row's name cell, `<rowClass>-name`, for styles and tests. */
  rowClass: string;
  isCompact?: boolean;
  rows: TitledListRow[];
}) {
  return (
    <>
      <ColumnTitles className={`${className}-header`} titles={titles} />
      <DataList id={id} aria-label={label} isCompact={isCompact}>
        {rows.map((row) => (
          <DataListItem key={row.key} aria-labelledby={row.nameId} data-testid={row.testId}>
            <DataListItemRow>
              <DataListItemCells
                dataListCells={[
                  <DataListCell key="name" className={`titled-list-name ${rowClass}-name`}>
                    <span id={row.nameId} data-testid={row.nameTestId}>
                      {row.name}
                    </span>
                    {row.badge}
                  </DataListCell>,
                  ...row.cells.map((cell) => (
                    <DataListCell key={cell.key} className={cell.className} data-testid={cell.testId}>
                      {cell.content}
                    </DataListCell>
                  )),
                ]}
              />
            </DataListItemRow>
          </DataListItem>
        ))}
      </DataList>
    </>
  );
}

/** The empty state of a titled list: a title and a sentence of what to do. */
export function EmptyList({ title, body, testId }: { title: string; body: string; testId?: string }) {
  return (
    <EmptyState headingLevel="h2" titleText={title} variant="sm" data-testid={testId}>
      <EmptyStateBody>{body}</EmptyStateBody>
    </EmptyState>
  );
}
