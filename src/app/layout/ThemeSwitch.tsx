import { MenuToggle, Select, SelectList, SelectOption, ToolbarItem } from "@patternfly/react-core";
import { DesktopIcon, MoonIcon, SunIcon } from "@patternfly/react-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useEnvironment } from "../../environment/EnvironmentContext";
import { safeLocalStorage } from "../../lib/storage/safeLocalStorage";
import { chooseColorScheme, COLOR_SCHEMES, isColorScheme, readColorScheme, type ColorScheme } from "./colorScheme";

const LABELS = { system: "colorSchemeSystem", light: "colorSchemeLight", dark: "colorSchemeDark" } as const;
const ICONS = { system: DesktopIcon, light: SunIcon, dark: MoonIcon };

/** The header's appearance menu (system, light, dark); absent when the theme sets darkMode=false. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const { darkMode } = useEnvironment();
  const [scheme, setScheme] = useState(() => readColorScheme(safeLocalStorage()));
  const [open, setOpen] = useState(false);
  if (!darkMode) return null;

  const choose = (value: ColorScheme) => {
    chooseColorScheme(value, safeLocalStorage());
    setScheme(value);
    setOpen(false);
  };
  const Icon = ICONS[scheme];

  return (
    <ToolbarItem>
      <Select
        isOpen={open}
        onOpenChange={setOpen}
        selected={scheme}
        onSelect={(_event, value) => isColorScheme(value) && choose(value)}
        popperProps={{ position: "end" }}
        shouldFocusFirstItemOnOpen
        shouldFocusToggleOnSelect
        toggle={(ref) => (
          <MenuToggle
            ref={ref}
            variant="plain"
            data-testid="theme-switch"
            aria-label={`${t("colorScheme")}: ${t(LABELS[scheme])}`}
            isExpanded={open}
            onClick={() => setOpen((value) => !value)}
            icon={<Icon />}
          />
        )}
      >
        <SelectList aria-label={t("colorScheme")}>
          {COLOR_SCHEMES.map((value) => {
            const OptionIcon = ICONS[value];
            return (
              <SelectOption key={value} value={value} data-testid={`theme-${value}`} icon={<OptionIcon />}>
                {t(LABELS[value])}
              </SelectOption>
            );
          })}
        </SelectList>
      </Select>
    </ToolbarItem>
  );
}
