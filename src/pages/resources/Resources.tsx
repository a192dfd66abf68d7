import { useTranslation } from "react-i18next";
import { PageLayout } from "../../ui/PageLayout";

export default function Resources() {
  const { t } = useTranslation();
  return <PageLayout title={t("resources")} description={t("resourceIntroMessage")} />;
}
