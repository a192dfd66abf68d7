import { Trans } from "react-i18next";
import type { ResourcePermission } from "../../api/representations";
import { sharedWithTestId } from "./resources";

/** "This resource is not shared." / "Resource is shared with **bob**" / "... and **2** other users". */
export function SharedWith({ permissions }: { permissions: ResourcePermission[] }) {
  const [first] = permissions;
  return (
    <p data-testid={sharedWithTestId(permissions)} className="resource-shared-with">
      <Trans
        i18nKey="resourceSharedWith"
        count={permissions.length}
        values={{ username: first?.username ?? "", other: Math.max(permissions.length - 1, 0) }}
        components={[<strong key="user" />, <strong key="other" />]}
      />
    </p>
  );
}
