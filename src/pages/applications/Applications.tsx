import { useTranslation } from "react-i18next";
import { PageLayout } from "../../ui/PageLayout";

export default function Applications() {
  const { t } = useTranslation();
  return <PageLayout title={t("applications")} description={t("applicationsIntroMessage")} />;
}
