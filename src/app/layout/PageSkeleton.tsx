import { PageSection } from "@patternfly/react-core";
import { useTranslation } from "react-i18next";

/**
 * A page's place while sign-in and the page's data are on their way (the first screen only; later switches keep the
 * old page, then show the spinner): grey bars where the heading, the description and fields will be, so the page
 * keeps its shape and only the page's own content is drawn when the data comes. Screen readers hear that it loads.
 */
export function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="app-skeleton" aria-busy="true" data-testid="page-skeleton">
      <span className="pf-v6-screen-reader" role="status">
        {t("spinnerLoading")}
      </span>
      <PageSection aria-hidden="true">
        <div className="app-skeleton-bar app-skeleton-title" />
        <div className="app-skeleton-bar app-skeleton-text" />
      </PageSection>
      <PageSection aria-hidden="true">
        {[0, 1, 2, 3].map((field) => (
          <div key={field} className="app-skeleton-field">
            <div className="app-skeleton-bar app-skeleton-label" />
            <div className="app-skeleton-bar app-skeleton-input" />
          </div>
        ))}
      </PageSection>
    </div>
  );
}
