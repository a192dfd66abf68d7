import {
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
} from "@patternfly/react-core";
import { useTranslation } from "react-i18next";
import type { LocalizedMessage } from "../../../api/representations";
import "./credentials.css";

/** The property the row already shows under the credential's name. */
export const PROVIDER_PROPERTY = "webauthn-authenticator-provider";

/** A property's value as shown: its parameters, and a list the server wrote as `usb,nfc` reads `usb, nfc`. */
export function propertyValue(property: LocalizedMessage): string {
  return (property.parameters ?? [])
    .map((parameter) =>
      parameter
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean)
        .join(", "),
    )
    .join(", ");
}

/**
 * The facts the server lists about one credential (`infoProperties`): for a passkey, the media it talks over
 * (`webauthn-transports`). Each name is a key of the server's bundle; the values are shown as the server wrote them.
 * The authenticator's provider is left out: the row shows it under the credential's name.
 */
export function CredentialProperties({ properties, id }: { properties: LocalizedMessage[] | undefined; id: string }) {
  const { t } = useTranslation();
  const listed = (properties ?? []).filter((property) => property.key !== PROVIDER_PROPERTY);
  if (listed.length === 0) return null;
  return (
    <DescriptionList
      isHorizontal
      isCompact
      className="credential-properties"
      data-testrole="credential-properties"
      horizontalTermWidthModifier={{ default: "14ch" }}
    >
      {listed.map((property, index) => (
        <DescriptionListGroup key={`${id}-${property.key}-${index}`}>
          <DescriptionListTerm>{t(property.key, { defaultValue: property.key })}</DescriptionListTerm>
          <DescriptionListDescription>{propertyValue(property)}</DescriptionListDescription>
        </DescriptionListGroup>
      ))}
    </DescriptionList>
  );
}
