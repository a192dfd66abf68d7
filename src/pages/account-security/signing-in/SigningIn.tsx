import { Button, Content, DataList, DataListCell, PageSection, Split, SplitItem, Title } from "@patternfly/react-core";
import { ExclamationTriangleIcon, InfoCircleIcon } from "@patternfly/react-icons";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { CredentialContainer, CredentialMetadata, LocalizedMessage } from "../../../api/representations";
import { useAuth } from "../../../auth/AuthContext";
import { useFormat } from "../../../i18n/format";
import { DefaultSecondFactorAction, DefaultSecondFactorProvider } from "./DefaultSecondFactor";
import { CredentialLastUsed, DAY, LastUsedProvider, TypeLastUsed } from "./LastUsed";
import { PageLayout } from "../../../ui/PageLayout";
import { ListRow } from "../../../ui/ListRow";
import { AppPasswords } from "./AppPasswords";
import type { PageProps } from "../../page";
import { CredentialIcon } from "./CredentialIcon";
import { CredentialProperties, PROVIDER_PROPERTY } from "./CredentialProperties";
import { RenameCredentialAction, RenameCredentialProvider } from "./RenameCredential";
import { StaticLabel } from "../../../ui/StaticLabel";
import type { SigningInData } from "./loader";

const CATEGORY_ORDER = ["basic-authentication", "two-factor", "passwordless"];

/** Containers by category: the known categories in their usual order, then any others as the server sent them. */
export function groupByCategory(containers: CredentialContainer[]): [string, CredentialContainer[]][] {
  const categories = [...new Set(containers.map((container) => container.category))].sort((a, b) => {
    const rank = (category: string) =>
      CATEGORY_ORDER.includes(category) ? CATEGORY_ORDER.indexOf(category) : CATEGORY_ORDER.length;
    return rank(a) - rank(b);
  });
  return categories.map((category) => [category, containers.filter((container) => container.category === category)]);
}

/** A server message with positional parameters ({{0}}, {{1}}, ...), each parameter translated when it is a key. */
export function localized(t: TFunction, message: LocalizedMessage): string {
  const parameters = Object.fromEntries(
    (message.parameters ?? []).map((value, index) => [index, t(value, { defaultValue: value })]),
  );
  return t(message.key, { ...parameters, defaultValue: message.key });
}

export default function SigningIn({
  data: { containers, lastUsed, defaultSecondFactor, appPasswords },
  reload,
}: PageProps<SigningInData>) {
  const { t } = useTranslation();

  return (
    <PageLayout title={t("signingIn")} description={t("signingInDescription")}>
      <DefaultSecondFactorProvider containers={containers} offer={defaultSecondFactor} reload={reload}>
        <RenameCredentialProvider reload={reload}>
          <LastUsedProvider lastUsed={lastUsed}>
            {groupByCategory(containers).map(([category, containers]) => (
              <PageSection key={category} padding={{ default: "noPadding" }} className="signing-in-category">
                <Title headingLevel="h2" size="xl" id={`category-${category}`}>
                  {t(category)}
                </Title>
                {containers.map((container) => (
                  <CredentialType key={container.type} container={container} />
                ))}
              </PageSection>
            ))}
          </LastUsedProvider>
        </RenameCredentialProvider>
      </DefaultSecondFactorProvider>
      <AppPasswords offer={appPasswords} reload={reload} />
    </PageLayout>
  );
}

function CredentialType({ container }: { container: CredentialContainer }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const { type } = container;
  const name = t(`${type}-display-name`, { defaultValue: t(container.displayName) });

  return (
    <div className="credential-type">
      <Split hasGutter className="signing-in-heading">
        <SplitItem isFilled>
          <Title headingLevel="h3" size="md" data-testid={`${type}/title`}>
            {t(container.displayName)}
          </Title>
          {container.helptext && (
            <Content component="p" data-testid={`${type}/help-text`}>
              {t(container.helptext)}
            </Content>
          )}
          <TypeLastUsed container={container} />
        </SplitItem>
        {container.createAction && (
          <SplitItem>
            <Button
              variant="link"
              data-testid={`${type}/create`}
              onClick={() => void auth.startAction(container.createAction!)}
            >
              {t("setUpNew", { name })}
            </Button>
          </SplitItem>
        )}
      </Split>
      <DataList aria-label={t(container.displayName)} data-testid={`${type}/credential-list`} isCompact>
        {container.userCredentialMetadatas.length === 0 ? (
          <ListRow
            cells={[
              <DataListCell key="empty" data-testid={`${type}/not-set-up`} className="credential-empty">
                {t("notSetUp", { name })}
              </DataListCell>,
            ]}
          />
        ) : (
          container.userCredentialMetadatas.map((metadata) => (
            <CredentialRow key={metadata.credential.id} container={container} metadata={metadata} />
          ))
        )}
      </DataList>
    </div>
  );
}

function CredentialRow({ container, metadata }: { container: CredentialContainer; metadata: CredentialMetadata }) {
  const { t } = useTranslation();
  const format = useFormat();
  const auth = useAuth();
  const { credential } = metadata;
  const label = credential.userLabel
    ? t(credential.userLabel, { defaultValue: credential.userLabel })
    : t(credential.type);
  const provider = metadata.infoProperties?.find((property) => property.key === PROVIDER_PROPERTY);

  return (
    <ListRow
      aria-labelledby={`credential-${credential.id}`}
      cells={[
        <DataListCell key="label" className="signing-in-name">
          <div className="credential-heading">
            <CredentialIcon metadata={metadata} isPasskey={container.type.startsWith("webauthn")} />
            <div>
              <div id={`credential-${credential.id}`} className="credential-label">
                {label}
              </div>
              {provider?.parameters?.[0] && <div className="credential-subtitle">{provider.parameters[0]}</div>}
            </div>
          </div>
          <CredentialProperties properties={metadata.infoProperties} id={credential.id} />
          {metadata.infoMessage && (
            <StaticLabel variant="outline" icon={<InfoCircleIcon />} className="credential-message">
              {localized(t, metadata.infoMessage)}
            </StaticLabel>
          )}
          {metadata.warningMessageTitle && (
            <div className="credential-message">
              <StaticLabel status="warning" icon={<ExclamationTriangleIcon />}>
                {localized(t, metadata.warningMessageTitle)}
              </StaticLabel>
              {metadata.warningMessageDescription && <p>{localized(t, metadata.warningMessageDescription)}</p>}
            </div>
          )}
        </DataListCell>,
        <DataListCell key="dates">
          <div className="signing-in-dates" data-testrole="dates">
            {credential.createdDate !== undefined && (
              <div>{t("createdOn", { date: format.dateTime(new Date(credential.createdDate), DAY) })}</div>
            )}
            <CredentialLastUsed credential={credential} credentialsOfType={container.userCredentialMetadatas.length} />
          </div>
        </DataListCell>,
      ]}
      actions={{
        id: `actions-${credential.id}`,
        label: t("actions"),
        children: (
          <>
            <DefaultSecondFactorAction credential={credential} name={label} labelId={`credential-${credential.id}`} />
            <RenameCredentialAction credential={credential} name={label} labelId={`credential-${credential.id}`} />
            {container.updateAction && (
              <Button
                variant="secondary"
                data-testrole="update"
                onClick={() => void auth.startAction(container.updateAction!)}
              >
                {t("update")}
              </Button>
            )}
            {container.removeable && (
              <Button
                variant="secondary"
                isDanger
                data-testrole="remove"
                onClick={() => void auth.startAction(`delete_credential:${credential.id}`)}
              >
                {t("delete")}
              </Button>
            )}
          </>
        ),
      }}
    />
  );
}
