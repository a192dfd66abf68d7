import { useTranslation } from "react-i18next";
import { PageLayout } from "../../ui/PageLayout";

export default function SigningIn() {
  const { t } = useTranslation();
  return <PageLayout title={t("signingIn")} description={t("signingInDescription")} />;
}
