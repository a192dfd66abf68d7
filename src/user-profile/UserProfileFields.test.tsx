import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FormProvider, useForm } from "react-hook-form";
import { I18nextProvider } from "react-i18next";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { UserProfileAttributeMetadata, UserProfileMetadata, UserRepresentation } from "../api/representations";
import { testI18n } from "../testing/i18n";
import { HELP_STORAGE_KEY, HelpProvider } from "../ui/help/HelpContext";
import { loadTypeaheadSelect } from "../ui/select/typeaheadCode";
import { toFormValues, type ProfileFormValues } from "./fieldNames";
import { UserProfileFields } from "./UserProfileFields";
import { attr } from "../testing/users";

type Options = { user?: UserRepresentation; supportedLocales?: string[]; hideReadOnly?: boolean };

/** The renderer inside a real react-hook-form form with a submit button; `submitted` gets valid values. */
function renderForm(metadata: UserProfileMetadata, { user = {}, supportedLocales = [], hideReadOnly }: Options = {}) {
  const submitted = vi.fn<(values: ProfileFormValues) => void>();
  function Form() {
    const form = useForm<ProfileFormValues>({
      mode: "onSubmit",
      reValidateMode: "onChange",
      defaultValues: toFormValues(user, metadata.attributes),
    });
    return (
      <FormProvider {...form}>
        <form onSubmit={(event) => void form.handleSubmit(submitted)(event)} noValidate>
          <UserProfileFields
            metadata={metadata}
            supportedLocales={supportedLocales}
            currentLocale="en"
            hideReadOnly={hideReadOnly}
          />
          <button type="submit">Submit</button>
        </form>
      </FormProvider>
    );
  }
  render(
    <I18nextProvider i18n={testI18n}>
      <HelpProvider>
        <Form />
      </HelpProvider>
    </I18nextProvider>,
  );
  return { submitted, submit: () => userEvent.click(screen.getByRole("button", { name: "Submit" })) };
}

const only = (...attributes: UserProfileAttributeMetadata[]): UserProfileMetadata => ({ attributes });

// The personal-info loader loads the typeahead's code before such a form renders (needsTypeahead); here the form
// renders alone. SelectControl.test.tsx covers a typeahead drawn before its code is in.
beforeAll(() => loadTypeaheadSelect());

describe("UserProfileFields", () => {
  it("draws each html5 type as an input of that type, ids equal to the attribute names, unknown types as text", () => {
    const types = ["email", "tel", "url", "number", "range", "datetime-local", "date", "month", "time"];
    renderForm(
      only(
        ...types.map((type) => attr(`f-${type}`, { annotations: { inputType: `html5-${type}` } })),
        attr("plain"),
        attr("odd", { annotations: { inputType: "color-wheel" } }),
      ),
    );
    for (const type of types) expect(document.getElementById(`f-${type}`)).toHaveAttribute("type", type);
    expect(document.getElementById("plain")).toHaveAttribute("type", "text");
    expect(document.getElementById("odd")).toHaveAttribute("type", "text");
  });

  it("draws a textarea with its columns and rows, placeholder and helper texts before and after", () => {
    renderForm(
      only(
        attr("bio", {
          annotations: {
            inputType: "textarea",
            inputTypeCols: "40",
            inputTypeRows: "6",
            inputTypePlaceholder: "Say hello",
            inputHelperTextBefore: "Shown to everyone.",
            inputHelperTextAfter: "Keep it short.",
          },
        }),
      ),
    );
    const bio = screen.getByTestId("bio");
    expect(bio.tagName).toBe("TEXTAREA");
    expect(bio).toHaveAttribute("cols", "40");
    expect(bio).toHaveAttribute("rows", "6");
    expect(bio).toHaveAttribute("placeholder", "Say hello");
    expect(screen.getByText("Shown to everyone.")).toBeInTheDocument();
    expect(screen.getByText("Keep it short.")).toBeInTheDocument();
    expect(screen.getByTestId("help-label-bio")).toBeInTheDocument();
  });

  it("hides help icons while help is switched off", () => {
    localStorage.setItem(HELP_STORAGE_KEY, "false");
    renderForm(only(attr("bio", { annotations: { inputHelperTextBefore: "Shown to everyone." } })));
    expect(screen.queryByTestId("help-label-bio")).toBeNull();
    expect(screen.getByText("Shown to everyone.")).toBeInTheDocument();
  });

  it("groups attributes: ungrouped first as General, then each group with header and description; empty groups dropped", () => {
    renderForm({
      attributes: [attr("bio", { group: "about" }), attr("nick")],
      groups: [
        { name: "empty", displayHeader: "Nothing here" },
        { name: "about", displayHeader: "${personalInfo}", displayDescription: "Tell us." },
      ],
    });
    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(["General", "Personal info"]);
    expect(screen.getByText("Tell us.")).toBeInTheDocument();
    expect(within(screen.getByTestId("section-about")).getByTestId("bio")).toBeInTheDocument();
  });

  it("draws no section titles when everything is ungrouped", () => {
    renderForm(only(attr("nick")));
    expect(screen.queryByRole("heading")).toBeNull();
  });

  it("offers a plain menu under 10 options, picking and re-picking (which clears)", async () => {
    const { submitted, submit } = renderForm(
      only(
        attr("color", {
          validators: { options: { options: ["red", "green", "blue"] } },
          annotations: { inputType: "select", inputOptionLabels: { red: "Red", green: "Green", blue: "Blue" } },
        }),
      ),
    );
    await userEvent.click(document.getElementById("color")!);
    expect((await screen.findAllByRole("option")).map((o) => o.textContent)).toEqual(["Red", "Green", "Blue"]);
    await userEvent.click(screen.getByRole("option", { name: "Green" }));
    expect(document.getElementById("color")).toHaveTextContent("Green");
    await submit();
    expect(submitted.mock.calls.at(-1)?.[0].attributes.color).toBe("green");
    await userEvent.click(document.getElementById("color")!);
    await userEvent.click(await screen.findByRole("option", { name: "Green" }));
    await submit();
    expect(submitted.mock.calls.at(-1)?.[0].attributes.color).toBe("");
  });

  it("filters as you type from 10 options on, offering nothing to create", async () => {
    const countries = [
      "Austria",
      "Belgium",
      "Chile",
      "Denmark",
      "Finland",
      "France",
      "Germany",
      "Sweden",
      "Switzerland",
      "Norway",
    ];
    const { submitted, submit } = renderForm(
      only(attr("country", { validators: { options: { options: countries } }, annotations: { inputType: "select" } })),
    );
    const input = document.getElementById("country") as HTMLInputElement;
    expect(input.tagName).toBe("INPUT");
    await userEvent.type(input, "sw");
    expect((await screen.findAllByRole("option")).map((o) => o.textContent)).toEqual(["Sweden", "Switzerland"]);
    await userEvent.type(input, "x");
    expect((await screen.findAllByRole("option")).map((o) => o.textContent)).toEqual(["Nothing matches your search"]);
    await userEvent.clear(input);
    await userEvent.type(input, "swi{ArrowDown}{Enter}");
    await submit();
    expect(submitted.mock.calls.at(-1)?.[0].attributes.country).toBe("Switzerland");
  });

  it("lets a multiselect hold several values and drop one", async () => {
    const { submitted, submit } = renderForm(
      only(
        attr("tags", {
          multivalued: true,
          validators: { options: { options: ["a", "b", "c"] } },
          annotations: { inputType: "multiselect" },
        }),
      ),
    );
    const input = document.getElementById("tags")!;
    await userEvent.click(input);
    await userEvent.click(await screen.findByRole("option", { name: "a" }));
    await userEvent.click(await screen.findByRole("option", { name: "c" }));
    await submit();
    expect(submitted.mock.calls.at(-1)?.[0].attributes.tags).toEqual(["a", "c"]);
    await userEvent.click(screen.getByRole("button", { name: "Remove a" }));
    await submit();
    expect(submitted.mock.calls.at(-1)?.[0].attributes.tags).toEqual(["c"]);
  });

  it("draws radio buttons and checkboxes, one per option", async () => {
    const { submitted, submit } = renderForm(
      only(
        attr("size", {
          validators: { options: { options: ["s", "m"] } },
          annotations: { inputType: "select-radiobuttons" },
        }),
        attr("days", {
          validators: { options: { options: ["mon", "tue"] } },
          annotations: { inputType: "multiselect-checkboxes" },
        }),
      ),
    );
    await userEvent.click(screen.getByRole("radio", { name: "m" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "mon" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "tue" }));
    await submit();
    expect(submitted.mock.calls.at(-1)?.[0].attributes).toEqual({ size: "m", days: ["mon", "tue"] });
  });

  it("keeps at least one row of a multi-valued attribute; add waits for a value; rows can be removed", async () => {
    const { submitted, submit } = renderForm(only(attr("nicknames", { multivalued: true })));
    expect(screen.getByTestId("nicknames0")).toHaveValue("");
    expect(screen.getByTestId("addValue")).toBeDisabled();
    expect(screen.getByTestId("remove0")).toBeDisabled();
    await userEvent.type(screen.getByTestId("nicknames0"), "Al");
    expect(screen.getByTestId("addValue")).toBeEnabled();
    await userEvent.click(screen.getByTestId("addValue"));
    expect(screen.getByTestId("nicknames1")).toHaveValue("");
    expect(screen.getByTestId("addValue")).toBeDisabled();
    await userEvent.type(screen.getByTestId("nicknames1"), "Ally");
    await userEvent.click(screen.getByTestId("remove0"));
    expect(screen.getByTestId("nicknames0")).toHaveValue("Ally");
    expect(screen.queryByTestId("nicknames1")).toBeNull();
    await submit();
    expect(submitted.mock.calls.at(-1)?.[0].attributes.nicknames).toEqual(["Ally"]);
  });

  it("translates every annotation written as ${key}, with the key itself when the bundle lacks it", async () => {
    renderForm({
      attributes: [
        attr("lang", {
          displayName: "${accountSecurity}",
          group: "g",
          annotations: {
            inputTypePlaceholder: "${resources}",
            inputHelperTextBefore: "${personalInfo}",
            inputHelperTextAfter: "${signingIn}",
          },
        }),
        attr("tier", {
          group: "g",
          validators: { options: { options: ["a", "b"] } },
          annotations: { inputType: "select-radiobuttons", inputOptionLabels: { a: "${groups}", b: "${noSuchKey}" } },
        }),
        attr("area", { annotations: { inputType: "textarea", inputTypePlaceholder: "${applications}" } }),
        attr("nicks", { multivalued: true, annotations: { inputTypePlaceholder: "${organizations}" } }),
        attr("pet", {
          validators: { options: { options: ["x"] } },
          annotations: { inputType: "select", inputTypePlaceholder: "${groups}" },
        }),
      ],
      groups: [{ name: "g", displayHeader: "${deviceActivity}", displayDescription: "${linkedAccounts}" }],
    });
    expect(screen.getByTestId("lang")).toHaveAttribute("placeholder", "Resources");
    expect(screen.getByLabelText("Account security")).toBe(screen.getByTestId("lang"));
    expect(screen.getByText("Personal info")).toBeInTheDocument();
    expect(screen.getByText("Signing in")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Groups" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "noSuchKey" })).toBeInTheDocument();
    expect(screen.getByTestId("area")).toHaveAttribute("placeholder", "Applications");
    expect(screen.getByTestId("nicks0")).toHaveAttribute("placeholder", "Organizations");
    expect(document.getElementById("pet")).toHaveTextContent("Groups");
    expect(screen.getByRole("heading", { name: "Device activity" })).toBeInTheDocument();
    expect(screen.getByText("Linked accounts")).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent("${");
  });

  it("the last row left of a multi-valued attribute cannot be removed, even with a value", async () => {
    renderForm(only(attr("nicks", { multivalued: true })), { user: { attributes: { nicks: ["Al", "Bo"] } } });
    expect(screen.getByTestId("remove0")).toBeEnabled();
    await userEvent.click(screen.getByTestId("remove1"));
    expect(screen.getByTestId("nicks0")).toHaveValue("Al");
    expect(screen.getByTestId("remove0")).toBeDisabled();
    await userEvent.clear(screen.getByTestId("nicks0"));
    expect(screen.getByTestId("addValue")).toBeDisabled();
  });

  it("shows read-only attributes disabled, without placeholder", () => {
    const metadata = only(
      attr("employee", { readOnly: true, annotations: { inputTypePlaceholder: "E-…" } }),
      attr("nick"),
    );
    renderForm(metadata, { user: { attributes: { employee: ["E-1"] } } });
    expect(screen.getByTestId("employee")).toBeDisabled();
    expect(screen.getByTestId("employee")).toHaveValue("E-1");
    expect(screen.getByTestId("employee")).not.toHaveAttribute("placeholder");
  });

  it("leaves read-only attributes out with hideReadOnly", () => {
    renderForm(only(attr("employee", { readOnly: true }), attr("nick")), { hideReadOnly: true });
    expect(screen.queryByTestId("employee")).toBeNull();
    expect(screen.getByTestId("nick")).toBeInTheDocument();
  });

  it("validates on submit, then again on every change", async () => {
    const { submitted, submit } = renderForm(only(attr("Recovery", { required: true, validators: { email: {} } })));
    const input = screen.getByTestId("Recovery");
    await userEvent.type(input, "nope");
    expect(screen.queryByTestId("Recovery-helper")).toBeNull(); // not before the first submit
    await submit();
    expect(screen.getByTestId("Recovery-helper")).toHaveTextContent("Invalid email address.");
    expect(submitted).not.toHaveBeenCalled();
    await userEvent.clear(input);
    expect(screen.getByTestId("Recovery-helper")).toHaveTextContent("Please specify 'Recovery'.");
    await userEvent.type(input, "a@example.org");
    await waitFor(() => expect(screen.queryByTestId("Recovery-helper")).toBeNull());
    expect(input).toHaveAttribute("required");
  });

  it("marks an attribute required when the length validator asks for at least one character", () => {
    renderForm(only(attr("nick", { validators: { length: { min: 1 } } })));
    expect(screen.getByTestId("nick")).toHaveAttribute("required");
  });

  it("shows no locale picker when the realm has no supported locales", () => {
    renderForm(only(attr("locale"), attr("nick")), { supportedLocales: [] });
    expect(document.getElementById("attributes.locale")).toBeNull();
    expect(screen.getByTestId("nick")).toBeInTheDocument();
  });

  it("names locales in their own language and filters them from 10 on", async () => {
    const locales = ["en", "de", "fr", "es", "it", "nl", "pt-BR", "ja", "pl", "sv"];
    const { submitted, submit } = renderForm(only(attr("locale")), { supportedLocales: locales });
    const picker = document.getElementById("attributes.locale") as HTMLInputElement;
    expect(picker.tagName).toBe("INPUT");
    await userEvent.click(picker);
    const names = (await screen.findAllByRole("option")).map((o) => o.textContent);
    expect(names).toEqual(expect.arrayContaining(["Deutsch", "français", "日本語", "English"]));
    await userEvent.type(picker, "deut");
    await userEvent.click(await screen.findByRole("option", { name: "Deutsch" }));
    await submit();
    expect(submitted.mock.calls.at(-1)?.[0].attributes.locale).toBe("de");
  });

  it("uses a plain menu for fewer than 10 locales, with a no-language entry first", async () => {
    renderForm(only(attr("locale")), { supportedLocales: ["en", "de"] });
    const picker = document.getElementById("attributes.locale")!;
    expect(picker.tagName).toBe("BUTTON");
    await userEvent.click(picker);
    expect((await screen.findAllByRole("option")).map((o) => o.textContent)).toEqual([
      "Select a language",
      "Deutsch",
      "English",
    ]);
  });
});
