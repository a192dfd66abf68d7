import { useTranslation } from "react-i18next";
import { PageLayout } from "../../ui/PageLayout";

export default function ContentPage() {
  const { t } = useTranslation();
  return <PageLayout title={t("content")} />;
}
