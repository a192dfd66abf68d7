import { FormGroup, FormHelperText, FormSection, HelperText, HelperTextItem, Content } from "@patternfly/react-core";
import { ExclamationCircleIcon } from "@patternfly/react-icons";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { Controller, useFormContext } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type {
  UserProfileAttributeMetadata,
  UserProfileGroupMetadata,
  UserProfileMetadata,
} from "../api/representations";
import { HelpItem } from "../ui/help/HelpItem";
import { translateLabel } from "../i18n/translateLabel";
import { fieldName, type ProfileFormValues } from "./fieldNames";
import { annotation, attributeLabel, fieldKind, isMultiValue, type FieldKind } from "./inputTypes";
import { buildRules, isRequired } from "./rules";
import type { FieldProps } from "./fields/FieldProps";
import { LocaleField } from "./fields/LocaleField";
import { MultiInputField } from "./fields/MultiInputField";
import { OptionsField } from "./fields/OptionsField";
import { SelectField } from "./fields/SelectField";
import { TextAreaField } from "./fields/TextAreaField";
import { TextField } from "./fields/TextField";

const FIELDS: Record<FieldKind, (props: FieldProps) => ReactNode> = {
  text: TextField,
  textarea: TextAreaField,
  select: SelectField,
  radio: OptionsField,
  checkbox: OptionsField,
  "multi-input": MultiInputField,
};

export type UserProfileFieldsProps = {
  metadata: UserProfileMetadata;
  /** The realm's locales; the `locale` attribute is shown only when there are some. */
  supportedLocales: string[];
  currentLocale: string;
  /** Leave read-only attributes out instead of showing them disabled. */
  hideReadOnly?: boolean;
  /** Extra content beside an attribute's input, by attribute name (e.g. an "Update email" button). */
  addons?: Partial<Record<string, (attribute: UserProfileAttributeMetadata) => ReactNode>>;
};

type Section = { group?: UserProfileGroupMetadata; attributes: UserProfileAttributeMetadata[] };

/** Ungrouped attributes first, then the realm's groups in their order; attributes of an unknown group count as ungrouped. */
export function groupAttributes(
  metadata: UserProfileMetadata,
  visible: (a: UserProfileAttributeMetadata) => boolean,
): Section[] {
  const groups = metadata.groups ?? [];
  const known = new Set(groups.map((group) => group.name));
  const attributes = metadata.attributes.filter(visible);
  const sections: Section[] = [
    { attributes: attributes.filter((a) => !a.group || !known.has(a.group)) },
    ...groups.map((group) => ({ group, attributes: attributes.filter((a) => a.group === group.name) })),
  ];
  return sections.filter((section) => section.attributes.length > 0);
}

/** A section's title: the group's header (`${key}` translated), or "General" for the attributes of no group. */
export function sectionTitle(t: TFunction, group: UserProfileGroupMetadata | undefined): string {
  return group ? translateLabel(t, group.displayHeader, group.name) : t("general");
}

/** The id of a section's element, for links that jump to it. */
export function sectionId(group: UserProfileGroupMetadata | undefined): string {
  return group ? `profile-group-${group.name.replace(/[^\w-]+/g, "-")}` : "profile-section-general";
}

/** Whether the form shows `attribute`. */
export function isShown(
  attribute: UserProfileAttributeMetadata,
  supportedLocales: string[],
  hideReadOnly = false,
): boolean {
  if (hideReadOnly && attribute.readOnly) return false;
  if (attribute.name === "locale" && supportedLocales.length === 0) return false;
  return true;
}

/**
 * The user-profile form body, drawn from the server's metadata: sections per attribute group, one field per
 * attribute, rules from its validators. Lives inside a react-hook-form `FormProvider` of ProfileFormValues.
 */
export function UserProfileFields({
  metadata,
  supportedLocales,
  currentLocale,
  hideReadOnly,
  addons = {},
}: UserProfileFieldsProps) {
  const { t } = useTranslation();
  const sections = groupAttributes(metadata, (attribute) => isShown(attribute, supportedLocales, hideReadOnly));
  const titled = sections.length > 1;

  return sections.map(({ group, attributes }) => {
    const fields = attributes.map((attribute) => (
      <AttributeField
        key={attribute.name}
        attribute={attribute}
        supportedLocales={supportedLocales}
        currentLocale={currentLocale}
        addon={addons[attribute.name]?.(attribute)}
        t={t}
      />
    ));
    if (!titled) return <FormSection key="general">{fields}</FormSection>;
    return (
      <FormSection
        key={group?.name ?? ""}
        id={sectionId(group)}
        title={sectionTitle(t, group)}
        titleElement="h2"
        data-testid={`section-${group?.name ?? "general"}`}
      >
        {group?.displayDescription && <Content component="p">{translateLabel(t, group.displayDescription)}</Content>}
        {fields}
      </FormSection>
    );
  });
}

function AttributeField({
  attribute,
  supportedLocales,
  currentLocale,
  addon,
  t,
}: {
  attribute: UserProfileAttributeMetadata;
  supportedLocales: string[];
  currentLocale: string;
  addon?: ReactNode;
  t: TFunction;
}) {
  const { control, getValues } = useFormContext<ProfileFormValues>();
  const name = fieldName(attribute.name);
  const initial = getValues(name);
  const kind = fieldKind(attribute, Array.isArray(initial) ? initial : []);
  const list = isMultiValue(attribute, Array.isArray(initial) ? initial : []);
  const isLocale = attribute.name === "locale";
  const ownLabel = attributeLabel(attribute, t);
  const label = isLocale ? t("selectALocale") : ownLabel;
  const before = annotation(attribute, "inputHelperTextBefore");
  const after = annotation(attribute, "inputHelperTextAfter");
  const id = isLocale ? "attributes.locale" : attribute.name;

  return (
    <Controller
      name={name}
      control={control}
      rules={buildRules(attribute, list, t, ownLabel)}
      render={({ field, fieldState }) => {
        const errorId = `${attribute.name}-error`;
        const beforeId = `${attribute.name}-before`;
        const afterId = `${attribute.name}-after`;
        const describedBy =
          [fieldState.error && errorId, before && beforeId, after && afterId].filter(Boolean).join(" ") || undefined;
        const props: FieldProps = { attribute, id, label, field, hasError: !!fieldState.error, describedBy, t };
        const Field = FIELDS[kind];
        return (
          <FormGroup
            label={label}
            fieldId={kind === "radio" || kind === "checkbox" ? undefined : id}
            isRequired={isRequired(attribute)}
            role={kind === "radio" || kind === "checkbox" ? "group" : undefined}
            labelHelp={
              before ? (
                <HelpItem fieldId={attribute.name} label={label} helpText={translateLabel(t, before)} />
              ) : undefined
            }
          >
            {before && (
              <p id={beforeId} className="profile-helper-before">
                {translateLabel(t, before)}
              </p>
            )}
            <div className={addon ? "profile-field-with-addon" : undefined}>
              {isLocale ? (
                <LocaleField {...props} supportedLocales={supportedLocales} currentLocale={currentLocale} />
              ) : (
                <Field {...props} />
              )}
              {addon}
            </div>
            {(fieldState.error || after) && (
              <FormHelperText>
                <HelperText>
                  {fieldState.error && (
                    <HelperTextItem id={errorId} variant="error" icon={<ExclamationCircleIcon />}>
                      {/* The test id holds the message alone, without the "error status" screen-reader suffix. */}
                      <span data-testid={`${attribute.name}-helper`}>{fieldState.error.message}</span>
                    </HelperTextItem>
                  )}
                  {after && <HelperTextItem id={afterId}>{translateLabel(t, after)}</HelperTextItem>}
                </HelperText>
              </FormHelperText>
            )}
          </FormGroup>
        );
      }}
    />
  );
}
