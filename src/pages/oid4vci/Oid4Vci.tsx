import {
  Alert,
  AlertActionLink,
  Bullseye,
  Button,
  Card,
  CardBody,
  FormGroup,
  MenuToggle,
  Select,
  SelectList,
  SelectOption,
  Spinner,
  type MenuToggleElement,
} from "@patternfly/react-core";
import { SyncAltIcon } from "@patternfly/react-icons";
import { toString as qrSvg } from "qrcode";
import { useEffect, useMemo, useState, type Ref } from "react";
import { useTranslation } from "react-i18next";
import { withServerReason } from "../../api/errors";
import { useApi } from "../../api/ApiContext";
import { createCredentialOffer, fetchCredentialIssuer } from "../../api/issuer";
import { useEnvironment } from "../../environment/EnvironmentContext";
import { errorMessage, useAlerts } from "../../ui/alerts/AlertContext";
import { LoadingState } from "../../ui/LoadingState";
import { PageLayout } from "../../ui/PageLayout";
import { useFetch } from "../../ui/hooks/useFetch";
import { configurationOptions, type ConfigurationOption } from "./configurations";
import "./oid4vci.css";

/** QR codes are drawn here (Keycloak 26.7 no longer draws them): an SVG, black on white whatever the theme. */
export function qrCodeDataUrl(text: string): Promise<string> {
  return qrSvg(text, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 4,
    color: { dark: "#000000", light: "#ffffff" },
  }).then((svg) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
}

type Offer = { uri: string; image: string };

/** The issuer credential page: pick one of the realm's credential configurations, get its offer as a QR code. */
export default function Oid4Vci() {
  const { t, i18n } = useTranslation();
  const environment = useEnvironment();
  const api = useApi();
  const { addError } = useAlerts();
  const issuer = useFetch((signal) => fetchCredentialIssuer(api, environment, signal), api);
  const [selected, setSelected] = useState<string>();
  const [offerVersion, setOfferVersion] = useState(0);
  const issuerUrl = issuer.state.status === "ready" ? issuer.state.data.credential_issuer : undefined;
  const offer = useFetch(async (signal): Promise<Offer | undefined> => {
    if (!selected || !issuerUrl) return undefined;
    const uri = await createCredentialOffer(api, issuerUrl, selected, signal);
    return { uri, image: await qrCodeDataUrl(uri) };
  }, `${issuerUrl}|${selected}|${offerVersion}`);

  const options = useMemo(
    () => (issuer.state.status === "ready" ? configurationOptions(issuer.state.data, i18n.language) : []),
    [issuer.state, i18n.language],
  );

  useEffect(() => {
    if (issuer.state.status === "error")
      addError("verifiableCredentialsIssuerAlert", withServerReason(issuer.state.error));
  }, [issuer.state, addError]);
  useEffect(() => {
    if (offer.state.status === "error")
      addError("verifiableCredentialsOfferAlert", withServerReason(offer.state.error));
  }, [offer.state, addError]);

  const selectedOption = options.find((option) => option.id === selected);

  return (
    <PageLayout title={t("verifiableCredentialsTitle")} description={t("verifiableCredentialsDescription")}>
      {issuer.state.status === "loading" && <LoadingState />}
      {issuer.state.status === "error" && (
        <Alert
          isInline
          variant="danger"
          title={t("verifiableCredentialsIssuerAlert")}
          actionLinks={<AlertActionLink onClick={issuer.reload}>{t("tryAgain")}</AlertActionLink>}
          data-testid="issuer-error"
        >
          {reason(issuer.state.error)}
        </Alert>
      )}
      {issuer.state.status === "ready" && options.length === 0 && (
        <Alert isInline variant="warning" title={t("verifiableCredentialsConfigAlert")} data-testid="config-alert" />
      )}
      {issuer.state.status === "ready" && options.length > 0 && (
        <div className="oid4vci">
          <FormGroup label={t("credentialConfiguration")} fieldId="credential-configuration">
            <ConfigurationSelect options={options} selected={selected} onSelect={setSelected} />
          </FormGroup>
          {selectedOption && (
            <Card isCompact className="oid4vci-offer" aria-live="polite">
              <CardBody>
                {offer.state.status === "loading" && (
                  <Bullseye className="oid4vci-qr-placeholder">
                    <Spinner aria-label={t("spinnerLoading")} />
                  </Bullseye>
                )}
                {offer.state.status === "error" && (
                  <Alert
                    isInline
                    variant="danger"
                    title={t("verifiableCredentialsOfferAlert")}
                    actionLinks={
                      <AlertActionLink onClick={() => setOfferVersion((v) => v + 1)}>{t("tryAgain")}</AlertActionLink>
                    }
                    data-testid="offer-error"
                  >
                    {reason(offer.state.error)}
                  </Alert>
                )}
                {offer.state.status === "ready" && offer.state.data && (
                  <div className="oid4vci-offer-content">
                    <img
                      src={offer.state.data.image}
                      data-testid="qr-code"
                      className="oid4vci-qr"
                      alt={t("credentialOfferQrCode", { name: selectedOption.label })}
                      width={320}
                      height={320}
                    />
                    <p className="oid4vci-hint">{t("credentialOfferScanHint")}</p>
                    <div className="oid4vci-actions">
                      <Button component="a" variant="secondary" href={offer.state.data.uri} data-testid="offer-link">
                        {t("credentialOfferOpenWallet")}
                      </Button>
                      <Button variant="link" icon={<SyncAltIcon />} onClick={() => setOfferVersion((v) => v + 1)}>
                        {t("credentialOfferNew")}
                      </Button>
                    </div>
                  </div>
                )}
              </CardBody>
            </Card>
          )}
        </div>
      )}
    </PageLayout>
  );
}

/** What the server said: its error_description, else the message. */
function reason(error: unknown): string {
  const described = withServerReason(error) as { description?: unknown };
  return typeof described?.description === "string" ? described.description : errorMessage(error);
}

function ConfigurationSelect({
  options,
  selected,
  onSelect,
}: {
  options: ConfigurationOption[];
  selected: string | undefined;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const shown = options.find((option) => option.id === selected)?.label ?? t("verifiableCredentialsSelectionDefault");

  return (
    <Select
      isOpen={isOpen}
      selected={selected}
      onSelect={(_event, picked) => {
        if (typeof picked === "string") onSelect(picked);
        setOpen(false);
      }}
      onOpenChange={setOpen}
      toggle={(ref: Ref<MenuToggleElement>) => (
        <MenuToggle
          ref={ref}
          id="credential-configuration"
          data-testid="menu-toggle"
          isExpanded={isOpen}
          onClick={() => setOpen((open) => !open)}
          isFullWidth
        >
          {shown}
        </MenuToggle>
      )}
      shouldFocusToggleOnSelect
    >
      <SelectList aria-label={t("credentialConfiguration")}>
        {options.map((option) => (
          <SelectOption key={option.id} value={option.id} data-testid={option.id} description={option.description}>
            {option.label}
          </SelectOption>
        ))}
      </SelectList>
    </Select>
  );
}
