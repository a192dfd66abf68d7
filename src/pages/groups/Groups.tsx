import { useTranslation } from "react-i18next";
import { PageLayout } from "../../ui/PageLayout";

export default function Groups() {
  const { t } = useTranslation();
  return <PageLayout title={t("groups")} description={t("groupDescriptionLabel")} />;
}
