import {
  Button,
  Dropdown,
  DropdownItem,
  DropdownList,
  Masthead,
  MastheadBrand,
  MastheadContent,
  MastheadLogo,
  MastheadMain,
  MastheadToggle,
  MenuToggle,
  type MenuToggleProps,
  PageToggleButton,
  Switch,
  Toolbar,
  ToolbarContent,
  ToolbarGroup,
  ToolbarItem,
} from "@patternfly/react-core";
import { BarsIcon, EllipsisVIcon, ExternalLinkSquareAltIcon } from "@patternfly/react-icons";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useAuth, useClaims } from "../../auth/AuthContext";
import { NO_CLAIMS } from "../../auth/pendingAuth";
import { joinPath } from "../../environment/environment";
import { useEnvironment } from "../../environment/EnvironmentContext";
import { useAlerts } from "../../ui/alerts/AlertContext";
import { useHelp } from "../../ui/help/HelpContext";
import { safeHref, webUrl } from "../../lib/safeUrl";
import { translateLabel } from "../../i18n/translateLabel";
import { displayName } from "./displayName";
import { ThemeSwitch } from "./ThemeSwitch";

const DEFAULT_LOGO = "logo.svg";
const DEFAULT_AVATAR =
  "data:image/svg+xml;utf8," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><circle cx="18" cy="18" r="18" fill="#d2d2d2"/><circle cx="18" cy="14" r="6" fill="#fff"/><path d="M6 31c2-6 6.5-9 12-9s10 3 12 9" fill="#fff"/></svg>',
  );

/** Shown from PatternFly's md breakpoint (48rem) on, and only below it. */
const WIDE_ONLY = { default: "hidden", md: "visible" } as const;
const NARROW_ONLY = { default: "visible", md: "hidden" } as const;

/** The logo's source: an absolute URL as given, otherwise a file of the theme's resources. */
export function logoSource(resourceUrl: string, logo: string): string {
  if (/^(https?:)?\/\//.test(logo) || logo.startsWith("/") || logo.startsWith("data:")) return logo;
  return joinPath(resourceUrl, logo || DEFAULT_LOGO);
}

/** The back link's target: the server encodes '#' as '_hash_' in referrer_uri. */
export function referrerHref(referrerUrl: string): string {
  return referrerUrl.replace("_hash_", "#");
}

export function Header() {
  const { t } = useTranslation();
  const environment = useEnvironment();
  const auth = useAuth();
  const claims = useClaims();
  const help = useHelp();
  const { addAlert } = useAlerts();

  // Drawn while sign-in still runs (src/app/start.tsx): no name until there is one, rather than "unknown user".
  const name = claims === NO_CLAIMS ? "" : displayName(claims, t);
  // As the spec says: the theme's logoUrl, else the server root (not the console's home).
  const logoUrl = safeHref(environment.logoUrl) ?? "/";
  const logo = <img src={logoSource(environment.resourceUrl, environment.logo)} alt={t("logo")} className="app-logo" />;
  const signOut = async () => {
    try {
      await auth.logout();
    } catch {
      addAlert(t("logoutFailed"), "danger");
    }
  };
  // Only a web address becomes the back link (a client admin can store a `javascript:` URL through partial import).
  const referrer = webUrl(referrerHref(environment.referrerUrl));
  const showReferrer = referrer !== undefined && environment.referrerName !== "";
  const backTo = t("backTo", { app: translateLabel(t, environment.referrerName, environment.referrerUrl) });
  const signOutItem = (
    <DropdownItem key="sign-out" id="sign-out" onClick={() => void signOut()}>
      {t("signOut")}
    </DropdownItem>
  );

  return (
    <Masthead display={{ default: "inline" }}>
      <MastheadMain>
        <MastheadToggle>
          <PageToggleButton isHamburgerButton data-testid="nav-toggle" aria-label={t("navigation")} id="nav-toggle">
            <BarsIcon />
          </PageToggleButton>
        </MastheadToggle>
        <MastheadBrand>
          <MastheadLogo href={logoUrl} data-testid="logo-link">
            {logo}
          </MastheadLogo>
        </MastheadBrand>
      </MastheadMain>
      <MastheadContent>
        <Toolbar isStatic>
          <ToolbarContent>
            {/* On a narrow screen (below md) the back link, the help switch and the user menu move into the kebab
                menu, where the text has room. */}
            <ToolbarGroup
              variant="action-group-plain"
              align={{ default: "alignEnd" }}
              alignItems="center"
              gap={{ default: "gapMd" }}
            >
              {showReferrer && (
                <ToolbarItem visibility={WIDE_ONLY}>
                  <Button
                    data-testid="referrer-link"
                    component="a"
                    href={referrer}
                    variant="link"
                    icon={<ExternalLinkSquareAltIcon />}
                    iconPosition="end"
                    isInline
                  >
                    {backTo}
                  </Button>
                </ToolbarItem>
              )}
              <ThemeSwitch />
              <ToolbarItem visibility={WIDE_ONLY}>
                <Switch
                  id="help-toggle"
                  data-testid="help-toggle"
                  label={t("help")}
                  aria-label={t("helpToggle")}
                  isChecked={help.enabled}
                  onChange={(_event, checked) => help.setEnabled(checked)}
                />
              </ToolbarItem>
              <ToolbarItem visibility={WIDE_ONLY}>
                <OptionsMenu
                  testId="options"
                  toggle={{
                    "data-testid": "options-toggle",
                    variant: "plainText",
                    icon: (
                      <img className="app-avatar" src={webUrl(claims.picture) ?? DEFAULT_AVATAR} alt={t("avatar")} />
                    ),
                    children: name,
                  }}
                >
                  {signOutItem}
                </OptionsMenu>
              </ToolbarItem>
              <ToolbarItem visibility={NARROW_ONLY}>
                <OptionsMenu
                  testId="options-kebab-menu"
                  toggle={{
                    "data-testid": "options-kebab",
                    variant: "plain",
                    "aria-label": t("userMenu"),
                    icon: <EllipsisVIcon />,
                  }}
                >
                  <DropdownItem key="name" isDisabled>
                    {name}
                  </DropdownItem>
                  {showReferrer && (
                    <DropdownItem
                      key="referrer"
                      to={referrer}
                      data-testid="referrer-item"
                      icon={<ExternalLinkSquareAltIcon />}
                    >
                      {backTo}
                    </DropdownItem>
                  )}
                  <DropdownItem key="help" id="help-toggle-item" onClick={help.toggle}>
                    {help.enabled ? t("helpOn") : t("helpOff")}
                  </DropdownItem>
                  {signOutItem}
                </OptionsMenu>
              </ToolbarItem>
            </ToolbarGroup>
          </ToolbarContent>
        </Toolbar>
      </MastheadContent>
    </Masthead>
  );
}

/** A menu at the header's end, opened by its toggle: the user's name on wide screens, a kebab on narrow ones. */
function OptionsMenu({
  testId,
  toggle,
  children,
}: {
  testId: string;
  toggle: Omit<MenuToggleProps, "ref" | "isExpanded" | "onClick"> & { "data-testid": string };
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dropdown
      data-testid={testId}
      isOpen={open}
      onOpenChange={setOpen}
      popperProps={{ position: "right" }}
      shouldFocusFirstItemOnOpen
      toggle={(ref) => <MenuToggle ref={ref} {...toggle} isExpanded={open} onClick={() => setOpen((was) => !was)} />}
    >
      <DropdownList>{children}</DropdownList>
    </Dropdown>
  );
}
