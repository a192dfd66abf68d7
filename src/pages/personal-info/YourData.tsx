import { Button, Content, PageSection } from "@patternfly/react-core";
import { DownloadIcon } from "@patternfly/react-icons";
import { useTranslation } from "react-i18next";
import { useApi } from "../../api/ApiContext";
import { useEnvironment } from "../../environment/EnvironmentContext";
import { useAlerts } from "../../ui/alerts/AlertContext";
import { useChange } from "../../ui/hooks/useChange";
import {
  accountFetchers,
  buildExportFile,
  collectParts,
  exportFileName,
  serializeExport,
  type ExportPartName,
} from "./exportData";

/** The bundle key naming each part, for alerts. */
export const PART_LABELS: Record<ExportPartName, string> = {
  profile: "yourDataPartProfile",
  groups: "yourDataPartGroups",
  organizations: "yourDataPartOrganizations",
  devices: "yourDataPartDevices",
  applications: "yourDataPartApplications",
  linkedAccounts: "yourDataPartLinkedAccounts",
  credentials: "yourDataPartCredentials",
  resources: "yourDataPartResources",
  verifiableCredentials: "yourDataPartVerifiableCredentials",
};

/**
 * Hands a file to the browser as a download: a Blob behind an object URL on an `<a download>` (no data URL, no
 * inline script, so the strict Content-Security-Policy has nothing to block).
 */
function saveFile(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the URL is released a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "Your data": downloads one JSON file with everything the Account API knows about the user. */
export function YourData({ username }: { username?: string }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const environment = useEnvironment();
  const { addAlert } = useAlerts();
  const { busy, run } = useChange();

  const download = () =>
    run("yourDataFailed", async () => {
      const parts = await collectParts(accountFetchers(api), environment.features);
      const now = new Date();
      const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeStyle: "short" }).format(now);
      const header = t("yourDataFileHeader", { username: username ?? "", realm: environment.realm, date });
      const file = buildExportFile(parts, { header, realm: environment.realm, now });
      saveFile(exportFileName(environment.realm, now), serializeExport(file));
      if (file.failedParts.length > 0) {
        const names = file.failedParts.map((part) => t(PART_LABELS[part])).join(", ");
        addAlert(t("yourDataIncomplete"), "warning", t("yourDataIncompleteDescription", { parts: names }));
      } else {
        addAlert(t("yourDataDownloaded"));
      }
    });

  return (
    // A region with a heading of its own, at the level of the user profile's sections: a part of the page beside them.
    <PageSection
      padding={{ default: "noPadding" }}
      className="your-data-section"
      data-testid="your-data"
      aria-labelledby="your-data-title"
    >
      <h2 className="your-data-title" id="your-data-title">
        {t("yourDataTitle")}
      </h2>
      <Content component="p">{t("yourDataDescription")}</Content>
      <Button
        id="download-data-btn"
        data-testid="download-data"
        variant="secondary"
        icon={<DownloadIcon />}
        isLoading={busy}
        spinnerAriaValueText={t("spinnerLoading")}
        isDisabled={busy}
        aria-describedby="your-data-title"
        onClick={() => void download()}
      >
        {t("yourDataDownload")}
      </Button>
    </PageSection>
  );
}
