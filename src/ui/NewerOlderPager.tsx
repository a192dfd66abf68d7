import { Button } from "@patternfly/react-core";
import { AngleLeftIcon, AngleRightIcon } from "@patternfly/react-icons";
import "./newer-older-pager.css";

/**
 * Newer / Older over a list the server pages (`first`, a page size, and its `hasMore`), newest first: shown while
 * there is another page either way. `testIdPrefix` names the buttons `<prefix>-newer` and `<prefix>-older`.
 */
export function NewerOlderPager({
  first,
  pageSize,
  hasMore,
  loading,
  onFirst,
  label,
  newer,
  older,
  pageText,
  testIdPrefix,
}: {
  first: number;
  pageSize: number;
  hasMore: boolean;
  loading: boolean;
  onFirst: (first: number) => void;
  label: string;
  newer: string;
  older: string;
  pageText: (page: number) => string;
  testIdPrefix: string;
}) {
  if (first === 0 && !hasMore) return null;
  return (
    <nav className="newer-older-pager" aria-label={label}>
      <Button
        variant="secondary"
        icon={<AngleLeftIcon />}
        // Stays focusable on the first page, so the keyboard focus does not fall back to the top of the page.
        isAriaDisabled={first === 0 || loading}
        onClick={() => onFirst(Math.max(0, first - pageSize))}
        data-testid={`${testIdPrefix}-newer`}
      >
        {newer}
      </Button>
      <span aria-live="polite">{pageText(Math.floor(first / pageSize) + 1)}</span>
      <Button
        variant="secondary"
        icon={<AngleRightIcon />}
        iconPosition="end"
        isAriaDisabled={!hasMore}
        onClick={() => onFirst(first + pageSize)}
        data-testid={`${testIdPrefix}-older`}
      >
        {older}
      </Button>
    </nav>
  );
}
