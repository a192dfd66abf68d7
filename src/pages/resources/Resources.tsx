import { Tab, Tabs, TabTitleText } from "@patternfly/react-core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Page } from "../../api/methods";
import type { ResourceRepresentation } from "../../api/representations";
import { PageLayout } from "../../ui/PageLayout";
import type { PageProps } from "../page";
import { MyResources } from "./MyResources";
import "./resources.css";
import { SharedWithMe } from "./SharedWithMe";

/** UMA resources: the user's own (shared with others from here) and those shared with the user. */
export default function Resources({ data: firstPage }: PageProps<Page<ResourceRepresentation>>) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | number>("mine");
  return (
    <PageLayout title={t("resources")} description={t("resourceIntroMessage")}>
      <Tabs
        activeKey={tab}
        onSelect={(_event, key) => setTab(key)}
        mountOnEnter
        unmountOnExit
        aria-label={t("resources")}
      >
        <Tab eventKey="mine" title={<TabTitleText>{t("myResources")}</TabTitleText>} data-testid="myResources">
          <MyResources firstPage={firstPage} />
        </Tab>
        <Tab eventKey="shared" title={<TabTitleText>{t("sharedWithMe")}</TabTitleText>} data-testid="sharedWithMe">
          <SharedWithMe />
        </Tab>
      </Tabs>
    </PageLayout>
  );
}
