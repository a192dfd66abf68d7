import { describe, expect, it } from "vitest";
import { fieldName, fromFormKey, toFormValues, toUserRepresentation } from "./fieldNames";
import { attr } from "../testing/users";

describe("form keys", () => {
  it("keeps the four built-in attributes at the top and the rest under attributes, dots swapped", () => {
    expect(fieldName("email")).toBe("email");
    expect(fieldName("favoriteColor")).toBe("attributes.favoriteColor");
    expect(fieldName("contact.phone.work")).toBe("attributes.contact🍺phone🍺work");
    expect(fromFormKey("contact🍺phone🍺work")).toBe("contact.phone.work");
  });

  it("builds form values: strings for single values, lists for multi-valued ones, defaults when empty", () => {
    const values = toFormValues(
      { username: "alice", email: "a@example.org", attributes: { "contact.phone": ["1"], nicknames: ["Al", "Ally"] } },
      [
        attr("username"),
        attr("email"),
        attr("contact.phone"),
        attr("nicknames", { multivalued: true }),
        attr("color", { defaultValue: "red" }),
        attr("tags", { annotations: { inputType: "multiselect" } }),
      ],
    );
    expect(values).toEqual({
      username: "alice",
      email: "a@example.org",
      attributes: { "contact🍺phone": "1", nicknames: ["Al", "Ally"], color: "red", tags: [] },
    });
  });

  it("saves the loaded user overwritten by the form, restoring dots and dropping empty values", () => {
    const loaded = {
      id: "u1",
      username: "alice",
      firstName: "Alice",
      attributes: { unmanaged: ["keep me"], "contact.phone": ["1"] },
      userProfileMetadata: { attributes: [] },
    };
    const saved = toUserRepresentation(
      { firstName: "Alicia", attributes: { "contact🍺phone": "", nicknames: ["Al", ""], bio: "Hi" } },
      loaded,
    );
    expect(saved).toEqual({
      id: "u1",
      username: "alice",
      firstName: "Alicia",
      attributes: { unmanaged: ["keep me"], "contact.phone": [], nicknames: ["Al"], bio: ["Hi"] },
    });
  });
});
