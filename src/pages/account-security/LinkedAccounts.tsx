import { useTranslation } from "react-i18next";
import { PageLayout } from "../../ui/PageLayout";

export default function LinkedAccounts() {
  const { t } = useTranslation();
  return <PageLayout title={t("linkedAccounts")} description={t("linkedAccountsIntroMessage")} />;
}
