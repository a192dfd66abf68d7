import { useTranslation } from "react-i18next";
import { PageLayout } from "../../ui/PageLayout";

export default function PersonalInfo() {
  const { t } = useTranslation();
  return <PageLayout title={t("personalInfo")} description={t("personalInfoDescription")} />;
}
