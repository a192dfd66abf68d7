import { Button } from "@patternfly/react-core";
import { AngleLeftIcon, AngleRightIcon } from "@patternfly/react-icons";
import { useTranslation } from "react-i18next";
import "./newer-older-pager.css";

/**
 * Newer / Older over a list the server pages (`first`, a page size, and its `hasMore`), newest first: shown while
 * there is another page either way. `testIdPrefix` names the buttons `<prefix>-newer` and `<prefix>-older`;
 * `messagePrefix` keys its texts: `<prefix>Pages` (its name), `<prefix>Newer`, `<prefix>Older`, `<prefix>Page`.
 */
export function NewerOlderPager({
  first,
  pageSize,
  hasMore,
  loading,
  onFirst,
  messagePrefix,
  testIdPrefix,
}: {
  first: number;
  pageSize: number;
  hasMore: boolean;
  loading: boolean;
  onFirst: (first: number) => void;
  messagePrefix: string;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  if (first === 0 && !hasMore) return null;
  return (
    <nav className="newer-older-pager" aria-label={t(`${messagePrefix}Pages`)}>
      <Button
        variant="secondary"
        icon={<AngleLeftIcon />}
        // Stays focusable on the first page, so the keyboard focus does not fall back to the top of the page.
        isAriaDisabled={first === 0 || loading}
        onClick={() => onFirst(Math.max(0, first - pageSize))}
        data-testid={`${testIdPrefix}-newer`}
      >
        {t(`${messagePrefix}Newer`)}
      </Button>
      <span aria-live="polite">{t(`${messagePrefix}Page`, { page: Math.floor(first / pageSize) + 1 })}</span>
      <Button
        variant="secondary"
        icon={<AngleRightIcon />}
        iconPosition="end"
        isAriaDisabled={!hasMore}
        onClick={() => onFirst(first + pageSize)}
        data-testid={`${testIdPrefix}-older`}
      >
        {t(`${messagePrefix}Older`)}
      </Button>
    </nav>
  );
}
