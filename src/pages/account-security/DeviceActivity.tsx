import { useTranslation } from "react-i18next";
import { PageLayout } from "../../ui/PageLayout";

export default function DeviceActivity() {
  const { t } = useTranslation();
  return <PageLayout title={t("deviceActivity")} description={t("signedInDevicesExplanation")} />;
}
