import { Button, DataList, DataListCell, EmptyState, PageSection, Title } from "@patternfly/react-core";
import { LinkIcon, UnlinkIcon } from "@patternfly/react-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useApi } from "../../../api/ApiContext";
import { fetchAccountLinkUri, fetchLinkedAccounts, unlinkAccount } from "../../../api/methods";
import type { LinkedAccountRepresentation } from "../../../api/representations";
import { useAuth } from "../../../auth/AuthContext";
import { useEnvironment } from "../../../environment/EnvironmentContext";
import { useAlerts } from "../../../ui/alerts/AlertContext";
import { LoadError } from "../../../ui/LoadError";
import { LoadingState } from "../../../ui/LoadingState";
import { ListRow } from "../../../ui/ListRow";
import { PageLayout } from "../../../ui/PageLayout";
import { translateLabel } from "../../../i18n/translateLabel";
import { useChange } from "../../../ui/hooks/useChange";
import { useFetch } from "../../../ui/hooks/useFetch";
import type { PageProps } from "../../page";
import { fetchPage, FIRST_PAGE_SIZE, type LinkedAccountsData, type Paging, type ProviderPage } from "./loader";
import { ProviderIcon } from "./ProviderIcon";
import { rowsShown, SearchToolbar } from "../../../ui/SearchToolbar";
import { StaticLabel } from "../../../ui/StaticLabel";

const PER_PAGE_OPTIONS = [5, 10, 20];

export default function LinkedAccounts({ data: firstPages }: PageProps<LinkedAccountsData>) {
  const { t } = useTranslation();
  // Both lists reload after an unlink: the provider moves from one to the other.
  const [version, setVersion] = useState(0);
  return (
    <PageLayout title={t("linkedAccounts")} description={t("linkedAccountsIntroMessage")}>
      <ProviderList linked firstPage={firstPages.linked} version={version} onChanged={() => setVersion((v) => v + 1)} />
      <ProviderList
        linked={false}
        firstPage={firstPages.unlinked}
        version={version}
        onChanged={() => setVersion((v) => v + 1)}
      />
    </PageLayout>
  );
}

function ProviderList({
  linked,
  firstPage,
  version,
  onChanged,
}: {
  linked: boolean;
  firstPage: ProviderPage;
  version: number;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const [paging, setPaging] = useState<Paging>({ first: 0, pageSize: FIRST_PAGE_SIZE, search: "" });
  const key = `${version}|${paging.first}|${paging.pageSize}|${paging.search}`;
  const { state, reload } = useFetch(
    (signal) => fetchPage((query) => fetchLinkedAccounts(api, { linked, ...query }, signal), paging),
    key,
    firstPage,
  );
  const title = linked ? t("linkedLoginProviders") : t("unlinkedLoginProviders");
  const titleId = linked ? "linked-title" : "unlinked-title";
  const page = state.status === "ready" ? state.data : { rows: [], hasNext: false };

  return (
    <PageSection padding={{ default: "noPadding" }} className="provider-list" aria-labelledby={titleId}>
      <Title headingLevel="h2" size="xl" id={titleId}>
        {title}
      </Title>
      <SearchToolbar
        label={title}
        placeholder={t("filterByName")}
        onSearch={(text) => setPaging((p) => ({ ...p, first: 0, search: text.trim() }))}
        perPageOptions={PER_PAGE_OPTIONS}
        pagination={{
          widgetId: `${titleId}-pagination`,
          // No total from the server: the count shown is what is known, and "next" follows the extra row.
          itemCount: paging.first + page.rows.length + (page.hasNext ? 1 : 0),
          perPage: paging.pageSize,
          page: Math.floor(paging.first / paging.pageSize) + 1,
          toggleTemplate: rowsShown(page.rows.length),
          onSetPage: (_event, next) => setPaging((p) => ({ ...p, first: (next - 1) * p.pageSize })),
          onPerPageSelect: (_event, pageSize) => setPaging((p) => ({ ...p, first: 0, pageSize })),
        }}
      />
      {state.status === "loading" && <LoadingState />}
      {state.status === "error" && <LoadError error={state.error} onRetry={reload} />}
      {state.status === "ready" &&
        (page.rows.length === 0 ? (
          <EmptyState
            headingLevel="h3"
            titleText={paging.search ? t("noSearchResults") : linked ? t("linkedEmpty") : t("unlinkedEmpty")}
            variant="xs"
          />
        ) : (
          <DataList aria-label={title} isCompact>
            {page.rows.map((account) => (
              <AccountRow key={account.providerAlias} account={account} onChanged={onChanged} />
            ))}
          </DataList>
        ))}
    </PageSection>
  );
}

function AccountRow({ account, onChanged }: { account: LinkedAccountRepresentation; onChanged: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const auth = useAuth();
  const { features } = useEnvironment();
  const { addAlert, addError } = useAlerts();
  const unlinking = useChange();
  // Linking leaves the page on success: it stays busy until then.
  const [linking, setLinking] = useState(false);
  const busy = linking || unlinking.busy;
  const alias = account.providerAlias;

  // 26.3+: Keycloak's idp_link action. Before (no such action in the realm): the broker's link address.
  const link = async () => {
    if (features.isIdpLinkActionEnabled) return auth.startAction(`idp_link:${alias}`);
    setLinking(true);
    try {
      window.location.assign(await fetchAccountLinkUri(api, alias, window.location.href));
    } catch (error) {
      addError("linkError", error);
      setLinking(false);
    }
  };
  const name = translateLabel(t, account.displayName, alias);

  const unlink = () =>
    unlinking.run("unLinkError", async () => {
      await unlinkAccount(api, alias);
      addAlert(t("unLinkSuccess"));
      onChanged();
    });

  return (
    <ListRow
      id={`${alias}-idp`}
      data-testid={`linked-accounts/${account.providerName}`}
      aria-labelledby={`${alias}-idp-name`}
      cells={[
        <DataListCell key="icon" isIcon>
          <ProviderIcon providerName={account.providerName} className="provider-icon" aria-hidden />
        </DataListCell>,
        <DataListCell key="name" width={2}>
          <span id={`${alias}-idp-name`} className="provider-name">
            {name}
          </span>
        </DataListCell>,
        <DataListCell key="kind" width={2}>
          <StaticLabel color={account.social ? "blue" : "green"}>
            {account.social ? t("socialLogin") : t("systemDefined")}
          </StaticLabel>
        </DataListCell>,
        <DataListCell key="username" width={3} className="provider-username">
          {account.linkedUsername}
        </DataListCell>,
      ]}
      actions={{
        id: `${alias}-idp-action`,
        label: name,
        children: (
          <Button
            id={`${alias}-idp-${account.connected ? "unlink" : "link"}`}
            variant="link"
            icon={account.connected ? <UnlinkIcon /> : <LinkIcon />}
            onClick={() => void (account.connected ? unlink() : link())}
            isLoading={busy}
            spinnerAriaValueText={t("spinnerLoading")}
            isDisabled={busy}
          >
            {account.connected ? t("unLink") : t("link")}
          </Button>
        ),
      }}
    />
  );
}
