import { Badge, Nav, NavExpandable, NavItem, PageContext, PageSidebar, PageSidebarBody } from "@patternfly/react-core";
import { useContext, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, useLocation } from "../../lib/routing";
import { useCheckupCount } from "../../api/checkupCount";
import { useExtensionFeatures } from "../../api/useExtensionFeatures";
import { translateLabel } from "../../i18n/translateLabel";
import { prefetchMenuPage } from "../routing/routes";
import { trimSlashes } from "../../lib/paths";
import { extensionMenu, isActive, isGroup, relativePath, type MenuItem } from "../../menu/menu";

export function Sidebar({ menu }: { menu: MenuItem[] }) {
  const { t } = useTranslation();
  const current = relativePath(useLocation().pathname, "");
  const extension = useExtensionFeatures();
  const shown = useMemo(() => extensionMenu(menu, extension), [menu, extension]);

  return (
    <PageSidebar id="page-sidebar">
      <PageSidebarBody>
        <Nav aria-label={t("navigation")}>
          {/* PatternFly's NavList, without its horizontal scroll buttons: it reads the computed text direction
              after every update, which forces a style recalculation on each page switch. */}
          <ul className="pf-v6-c-nav__list" role="list">
            {shown.map((item) => (
              <MenuEntry key={item.label} item={item} current={current} />
            ))}
          </ul>
        </Nav>
      </PageSidebarBody>
    </PageSidebar>
  );
}

function MenuEntry({ item, current }: { item: MenuItem; current: string }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const page = useContext(PageContext);
  const active = isActive(item, current);

  if (isGroup(item)) {
    const prefetchChildren = () => {
      for (const child of item.children) if (!isGroup(child)) prefetchMenuPage(child);
    };
    return (
      <NavExpandable
        data-testid={item.label}
        title={translateLabel(t, item.label)}
        isActive={active}
        isExpanded={active}
        // Intent to open the group fetches its pages' code. Not onExpand: PatternFly stops toggling when that is set.
        buttonProps={{ onMouseEnter: prefetchChildren, onFocus: prefetchChildren }}
        // Remount when it becomes active so a collapsed group opens on navigation.
        key={String(active)}
      >
        {item.children.map((child) => (
          <MenuEntry key={isGroup(child) ? child.label : child.path} item={child} current={current} />
        ))}
      </NavExpandable>
    );
  }

  return (
    <NavItem
      onClick={() => {
        // On narrow screens the sidebar covers the page: close it once a page is chosen.
        if (page.isManagedSidebar && page.isMobile) page.onSidebarToggle();
      }}
    >
      {/* NavItem gives the link its class, tab order and click handler; NavLink says whether it is the page shown. */}
      <NavLink
        data-testid={item.path}
        to={`/${item.path.replace(/^\/+/, "")}${search}`}
        activeClassName="pf-m-current"
        onMouseEnter={() => prefetchMenuPage(item)}
        onFocus={() => prefetchMenuPage(item)}
      >
        <span className="pf-v6-c-nav__link-text">{translateLabel(t, item.label)}</span>
        {trimSlashes(item.path) === CHECKUP_PATH && <CheckupCount />}
      </NavLink>
    </NavItem>
  );
}

/** The security checkup's menu item: it shows how many findings there are. */
const CHECKUP_PATH = "account-security/security-checkup";

/** The number of the checkup's findings, once counted (after the first screen); nothing while there are none. */
function CheckupCount() {
  const { t } = useTranslation();
  const count = useCheckupCount();
  if (!count) return null;
  return (
    <>
      <span className="pf-v6-screen-reader">{`, ${t("checkupMenuCount", { count })}`}</span>
      <Badge isRead={false} data-testid="checkup-count" aria-hidden>
        {count}
      </Badge>
    </>
  );
}
