import { Button, Split, SplitItem } from "@patternfly/react-core";
import { SyncAltIcon } from "@patternfly/react-icons";
import { useTranslation } from "react-i18next";

/** A list's heading with a "Refresh" button at its end, which spins while the list loads. */
export function RefreshHeading({
  className,
  titleId,
  title,
  loading,
  onRefresh,
  refreshLabel,
  testId,
}: {
  className: string;
  titleId: string;
  title: string;
  loading: boolean;
  onRefresh: () => void;
  /** The button's accessible name, where "Refresh" alone would not say what it refreshes. */
  refreshLabel?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Split hasGutter isWrappable className={className}>
      <SplitItem isFilled>
        <h2 id={titleId} className="pf-v6-c-title pf-m-xl">
          {title}
        </h2>
      </SplitItem>
      <SplitItem>
        <Button
          variant="link"
          icon={<SyncAltIcon />}
          onClick={onRefresh}
          isLoading={loading}
          spinnerAriaValueText={t("spinnerLoading")}
          aria-label={refreshLabel}
          data-testid={testId}
        >
          {t("refresh")}
        </Button>
      </SplitItem>
    </Split>
  );
}
