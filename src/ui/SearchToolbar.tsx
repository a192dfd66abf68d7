import {
  Pagination,
  SearchInput,
  Toolbar,
  ToolbarContent,
  ToolbarItem,
  type PaginationProps,
} from "@patternfly/react-core";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * A list's toolbar: a search box, whose search runs on Enter and whose clearing shows everything again
 * (`onSearch("")`), and the list's compact pager at the end.
 */
export function SearchToolbar({
  id,
  className,
  searchClassName,
  label,
  placeholder,
  initialText = "",
  onSearch,
  perPageOptions,
  pagination,
}: {
  id?: string;
  className?: string;
  searchClassName?: string;
  /** The list's name: the search box is named after it. */
  label: string;
  placeholder: string;
  initialText?: string;
  onSearch: (text: string) => void;
  perPageOptions: number[];
  pagination: Omit<PaginationProps, "isCompact" | "perPageOptions">;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(initialText);
  return (
    <Toolbar id={id} className={className}>
      <ToolbarContent>
        <ToolbarItem className={searchClassName}>
          <SearchInput
            placeholder={placeholder}
            aria-label={`${t("search")}: ${label}`}
            value={text}
            onChange={(_event, value) => setText(value)}
            onSearch={(_event, value) => onSearch(value)}
            onClear={() => {
              setText("");
              onSearch("");
            }}
          />
        </ToolbarItem>
        <ToolbarItem variant="pagination" align={{ default: "alignEnd" }}>
          <Pagination
            isCompact
            perPageOptions={perPageOptions.map((value) => ({ title: String(value), value }))}
            {...pagination}
          />
        </ToolbarItem>
      </ToolbarContent>
    </Toolbar>
  );
}

/** The pager's words where the server sends no total: the rows of this page, 0 - 0 for an empty one. */
export const rowsShown =
  (rowCount: number): PaginationProps["toggleTemplate"] =>
  ({ firstIndex, lastIndex }) => (
    <b>
      {rowCount === 0 ? 0 : firstIndex} - {rowCount === 0 ? 0 : lastIndex}
    </b>
  );
