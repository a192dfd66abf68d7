import { useTranslation } from "react-i18next";
import { PageLayout } from "../../ui/PageLayout";

export default function VerifiableCredentials() {
  const { t } = useTranslation();
  return <PageLayout title={t("verifiableCredentials")} />;
}
