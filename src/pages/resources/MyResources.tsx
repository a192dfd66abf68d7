import {
  Badge,
  Button,
  Dropdown,
  DropdownItem,
  DropdownList,
  MenuToggle,
  Spinner,
  type MenuToggleElement,
} from "@patternfly/react-core";
import { AngleDownIcon, EllipsisVIcon, ExclamationCircleIcon, ShareAltIcon } from "@patternfly/react-icons";
import { useState, type Ref } from "react";
import { useTranslation } from "react-i18next";
import { useApi } from "../../api/ApiContext";
import { errorMessage } from "../../ui/alerts/AlertContext";
import { fetchPermissionRequests, fetchResourcePermissions, fetchResources, type Page } from "../../api/methods";
import type { ResourceRepresentation } from "../../api/representations";
import { useFetch } from "../../ui/hooks/useFetch";
import { EditDialog } from "./EditDialog";
import { RequestsDialog } from "./RequestsDialog";
import { ApplicationLink } from "./ResourceTable";
import { ResourceList } from "./ResourceList";
import { resourceLabel } from "./resources";
import { ShareDialog } from "./ShareDialog";
import { SharedWith } from "./SharedWith";
import { UnshareDialog } from "./UnshareDialog";

type DialogKind = "share" | "edit" | "unshare";

/** The "My Resources" tab: the user's resources, a page at a time, with sharing and pending requests. */
export function MyResources({ firstPage }: { firstPage: Page<ResourceRepresentation> }) {
  const { t } = useTranslation();
  const api = useApi();
  // Bumped after a change on the server: the page reloads, and rows start collapsed again (as in the stock console).
  const [version, setVersion] = useState(0);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());

  const refresh = () => {
    setExpanded(new Set());
    setVersion((v) => v + 1);
  };
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <ResourceList
      id="my-resources"
      label={t("myResources")}
      load={(query, signal) => fetchResources(api, query, signal)}
      firstPage={firstPage}
      version={version}
      emptyTitle={t("notHaveAnyResource")}
      columns={[
        { hidden: t("sharedwith") },
        t("resourceName"),
        t("application"),
        t("permissionRequests"),
        { hidden: t("actions") },
      ]}
      onQueryChange={() => setExpanded(new Set())}
    >
      {(rows) =>
        rows.map((resource, index) => (
          <ResourceRow
            key={resource._id}
            resource={resource}
            index={index}
            version={version}
            isExpanded={expanded.has(resource._id)}
            onToggle={() => toggle(resource._id)}
            onChanged={refresh}
          />
        ))
      }
    </ResourceList>
  );
}

function ResourceRow({
  resource,
  index,
  version,
  isExpanded,
  onToggle,
  onChanged,
}: {
  resource: ResourceRepresentation;
  index: number;
  version: number;
  isExpanded: boolean;
  onToggle: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const [dialog, setDialog] = useState<DialogKind>();
  const [menuOpen, setMenuOpen] = useState(false);
  const [requestsOpen, setRequestsOpen] = useState(false);
  // Accepting or denying a request changes this row only: its requests and its shares reload, the page stays.
  const [rowVersion, setRowVersion] = useState(0);
  const requests = useFetch(
    (signal) => fetchPermissionRequests(api, resource._id, signal),
    `${resource._id}|${version}|${rowVersion}`,
  );
  const name = resourceLabel(t, resource);
  const rowId = `resource-${index}`;
  const detailsId = `${rowId}-details`;
  const pending = requests.state.status === "ready" ? requests.state.data : [];

  return (
    <tbody className={`pf-v6-c-table__tbody${isExpanded ? " pf-m-expanded" : ""}`}>
      <tr className="pf-v6-c-table__tr pf-m-expandable">
        <td className="pf-v6-c-table__td pf-v6-c-table__toggle">
          <Button
            variant="plain"
            className={isExpanded ? "pf-m-expanded" : undefined}
            aria-expanded={isExpanded}
            aria-controls={detailsId}
            // Names that repeat the resource name would also name the row's other cells (suites find a row's grid
            // cell by that name); the row's name describes its buttons instead.
            aria-label={t("sharedwith")}
            aria-describedby={`${rowId}-name`}
            data-testid={`expand-${resource.name}`}
            id={`${rowId}-toggle`}
            onClick={onToggle}
            icon={
              <div className="pf-v6-c-table__toggle-icon">
                <AngleDownIcon />
              </div>
            }
          />
        </td>
        <td
          className="pf-v6-c-table__td resource-name"
          data-label={t("resourceName")}
          data-testid={`row[${index}].name`}
          id={`${rowId}-name`}
        >
          {name}
        </td>
        <td className="pf-v6-c-table__td" data-label={t("application")}>
          <ApplicationLink resource={resource} />
        </td>
        <td className="pf-v6-c-table__td" data-label={t("permissionRequests")}>
          {requests.state.status === "loading" && <Spinner size="md" aria-label={t("spinnerLoading")} />}
          {requests.state.status === "error" && (
            <span className="resource-inline-error">
              <ExclamationCircleIcon aria-hidden />{" "}
              {t("requestsLoadError", { error: t(errorMessage(requests.state.error)) })}{" "}
              <Button variant="link" isInline onClick={requests.reload}>
                {t("tryAgain")}
              </Button>
            </span>
          )}
          {pending.length > 0 && (
            <Button
              variant="link"
              isInline
              onClick={() => setRequestsOpen(true)}
              aria-label={`${t("permissionRequests")}: ${pending.length}`}
              data-testid={`requests-${resource.name}`}
            >
              <Badge>{pending.length}</Badge>
            </Button>
          )}
        </td>
        <td className="pf-v6-c-table__td pf-v6-c-table__action resource-actions">
          <div className="resource-actions-content">
            <Button
              variant="link"
              icon={<ShareAltIcon />}
              onClick={() => setDialog("share")}
              data-testid={`share-${resource.name}`}
              aria-describedby={`${rowId}-name`}
            >
              {t("share")}
            </Button>
            <Dropdown
              isOpen={menuOpen}
              onOpenChange={setMenuOpen}
              popperProps={{ position: "end" }}
              toggle={(ref: Ref<MenuToggleElement>) => (
                <MenuToggle
                  ref={ref}
                  variant="plain"
                  isExpanded={menuOpen}
                  onClick={() => setMenuOpen((open) => !open)}
                  aria-label={t("actions")}
                  aria-describedby={`${rowId}-name`}
                  data-testid={`actions-${resource.name}`}
                  icon={<EllipsisVIcon />}
                />
              )}
            >
              <DropdownList>
                <DropdownItem
                  onClick={() => {
                    setMenuOpen(false);
                    setDialog("edit");
                  }}
                >
                  {t("edit")}
                </DropdownItem>
                <DropdownItem
                  onClick={() => {
                    setMenuOpen(false);
                    setDialog("unshare");
                  }}
                >
                  {t("unShare")}
                </DropdownItem>
              </DropdownList>
            </Dropdown>
          </div>
        </td>
      </tr>
      <tr className={`pf-v6-c-table__tr pf-v6-c-table__expandable-row${isExpanded ? " pf-m-expanded" : ""}`}>
        <td className="pf-v6-c-table__td" colSpan={5} id={detailsId}>
          {isExpanded && (
            <div className="pf-v6-c-table__expandable-row-content">
              <Shares resourceId={resource._id} version={`${version}|${rowVersion}`} />
            </div>
          )}
        </td>
      </tr>
      {dialog === "share" && (
        <ShareDialog resource={resource} onClose={(changed) => (setDialog(undefined), changed && onChanged())} />
      )}
      {dialog === "edit" && (
        <EditDialog resource={resource} onClose={(changed) => (setDialog(undefined), changed && onChanged())} />
      )}
      {dialog === "unshare" && (
        <UnshareDialog resource={resource} onClose={(changed) => (setDialog(undefined), changed && onChanged())} />
      )}
      {requestsOpen && (
        <RequestsDialog
          resource={resource}
          requests={requests.state.status === "ready" ? requests.state.data : undefined}
          onChanged={() => setRowVersion((v) => v + 1)}
          onClose={() => setRequestsOpen(false)}
        />
      )}
    </tbody>
  );
}

/** Who the resource is shared with, loaded when the row opens. */
function Shares({ resourceId, version }: { resourceId: string; version: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const { state, reload } = useFetch(
    (signal) => fetchResourcePermissions(api, resourceId, signal),
    `${resourceId}|${version}`,
  );
  if (state.status === "loading") return <Spinner size="md" aria-label={t("spinnerLoading")} />;
  if (state.status === "error") {
    return (
      <p className="resource-inline-error">
        <ExclamationCircleIcon aria-hidden /> {t("sharesLoadError", { error: t(errorMessage(state.error)) })}{" "}
        <Button variant="link" isInline onClick={reload}>
          {t("tryAgain")}
        </Button>
      </p>
    );
  }
  return <SharedWith permissions={state.data} />;
}
