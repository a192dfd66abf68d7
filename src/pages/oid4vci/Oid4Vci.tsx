import { useTranslation } from "react-i18next";
import { PageLayout } from "../../ui/PageLayout";

export default function Oid4Vci() {
  const { t } = useTranslation();
  return <PageLayout title={t("oid4vci")} description={t("verifiableCredentialsDescription")} />;
}
