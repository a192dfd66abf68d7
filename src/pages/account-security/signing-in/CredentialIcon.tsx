import { KeyIcon } from "@patternfly/react-icons";
import { useState } from "react";
import type { CredentialMetadata } from "../../../api/representations";
import { joinPath } from "../../../environment/environment";
import { useEnvironment } from "../../../environment/EnvironmentContext";
import "./credentials.css";

/**
 * Where an icon the server named can be loaded from. Keycloak names a passkey's vendor icon by file name
 * (`google-light.png`, from its AAGUID table); the file is one of the `passkeys/` resources of Keycloak's own account
 * theme, which Keycloak also serves under ours because ours extends it. A `data:image/` URI is used as it is; anything
 * else (a path that climbs out, a remote address) is not loaded.
 */
export function iconSource(resourceUrl: string, icon: string | undefined): string | undefined {
  if (!icon) return undefined;
  if (/^data:image\//i.test(icon)) return icon;
  if (!/^[\w][\w.-]*$/.test(icon) || icon.includes("..")) return undefined;
  return joinPath(resourceUrl, "passkeys", icon);
}

/**
 * The icon at the start of a credential's row: for passkeys and security keys, the vendor's icon the server names
 * (its dark variant while the console is dark), or a key when the server names none or the file does not load.
 * Other credential types show an icon only when the server names one.
 */
export function CredentialIcon({ metadata, isPasskey }: { metadata: CredentialMetadata; isPasskey: boolean }) {
  const { resourceUrl } = useEnvironment();
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const light = iconSource(resourceUrl, metadata.iconLight ?? metadata.iconDark);
  const dark = iconSource(resourceUrl, metadata.iconDark);
  const usable = (source: string | undefined) => (source && !failed.has(source) ? source : undefined);
  const fail = (source: string) => () => setFailed((sources) => new Set(sources).add(source));

  const lightSource = usable(light);
  if (!lightSource) {
    return isPasskey ? <KeyIcon className="credential-fallback-icon" data-testrole="credential-icon" /> : null;
  }
  const darkSource = usable(dark);
  if (!darkSource || darkSource === lightSource) {
    return (
      <img
        src={lightSource}
        alt=""
        className="credential-vendor-icon"
        data-testrole="credential-icon"
        onError={fail(lightSource)}
      />
    );
  }
  // Both are in the page and the stylesheet shows the one that fits the console's scheme, which the header's
  // switch can change at any time.
  return (
    <span className="credential-vendor-icon" data-testrole="credential-icon">
      <img src={lightSource} alt="" className="credential-icon-light" onError={fail(lightSource)} />
      <img src={darkSource} alt="" className="credential-icon-dark" onError={fail(darkSource)} />
    </span>
  );
}
