import {
  DataListAction,
  DataListItem,
  DataListItemCells,
  DataListItemRow,
  type DataListItemProps,
} from "@patternfly/react-core";
import type { ReactNode } from "react";

/** A row's buttons and the group that holds them, which a screen reader announces by `label` and the row's title. */
export type ListRowActions = {
  id: string;
  label: string;
  /** What names the group; the row's own `aria-labelledby` where not given. */
  labelledBy?: string;
  className?: string;
  children: ReactNode;
};

/** One row of a data list: its cells (each a DataListCell with its key), then its actions where it has any. */
export function ListRow({
  cells,
  rowClassName,
  actions,
  ...item
}: Omit<DataListItemProps, "children" | "aria-labelledby"> & {
  "aria-labelledby"?: string;
  cells: ReactNode[];
  rowClassName?: string;
  actions?: ListRowActions | false;
}) {
  return (
    <DataListItem {...item}>
      <DataListItemRow className={rowClassName}>
        <DataListItemCells dataListCells={cells} />
        {actions && (
          <DataListAction
            id={actions.id}
            aria-label={actions.label}
            aria-labelledby={actions.labelledBy ?? item["aria-labelledby"] ?? ""}
            className={actions.className}
          >
            {actions.children}
          </DataListAction>
        )}
      </DataListItemRow>
    </DataListItem>
  );
}
