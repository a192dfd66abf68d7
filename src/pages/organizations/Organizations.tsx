import { useTranslation } from "react-i18next";
import { PageLayout } from "../../ui/PageLayout";

export default function Organizations() {
  const { t } = useTranslation();
  return <PageLayout title={t("organizations")} description={t("organizationDescription")} />;
}
