import { Badge, Nav, NavExpandable, NavItem, PageContext, PageSidebar, PageSidebarBody } from "@patternfly/react-core";
import { useContext, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, useLocation } from "../../lib/routing";
import { useExtensionFeatures } from "../../api/useExtensionFeatures";
import { translateLabel } from "../../i18n/translateLabel";
import { menuPage, prefetchMenuPage } from "../routing/routes";
import type { PageDefinition } from "../../pages/page";
import { useMenuCount } from "../routing/menuBadges";
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
        <MenuCount page={menuPage(item)} />
      </NavLink>
    </NavItem>
  );
}

/** The number a page's route entry asks the menu to show beside it, once counted; nothing while there is none. */
function MenuCount({ page }: { page: PageDefinition | undefined }) {
  const badge = page?.withParts(({ menuBadge }) => menuBadge && { label: menuBadge.label, testId: menuBadge.testId });
  return page && badge ? <Count page={page} label={badge.label} testId={badge.testId} /> : null;
}

function Count({ page, label, testId }: { page: PageDefinition; label: string; testId: string }) {
  const { t } = useTranslation();
  const count = useMenuCount(page);
  if (!count) return null;
  return (
    <>
      <span className="pf-v6-screen-reader">{`, ${t(label, { count })}`}</span>
      <Badge isRead={false} data-testid={testId} aria-hidden>
        {count}
      </Badge>
    </>
  );
}
