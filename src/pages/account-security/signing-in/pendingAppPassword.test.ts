// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { savePendingAppPassword, takePendingAppPassword } from "./pendingAppPassword";

const NOW = 1_800_000_000_000;

describe("a create kept across the login page", () => {
  beforeEach(() => sessionStorage.clear());

  it("comes back once, for the same user of the same realm", () => {
    savePendingAppPassword("demo", "alice", { name: "Mail", expiry: "2099-01-02" }, NOW);
    expect(takePendingAppPassword("demo", "alice", NOW + 60_000)).toEqual({ name: "Mail", expiry: "2099-01-02" });
    expect(takePendingAppPassword("demo", "alice", NOW + 60_000)).toBeUndefined();
  });

  it("is dropped for another user or realm, and when it is old", () => {
    savePendingAppPassword("demo", "alice", { name: "Mail", expiry: "" }, NOW);
    expect(takePendingAppPassword("demo", "bob", NOW)).toBeUndefined();
    // Taken even so: it does not wait for Alice's next visit.
    expect(takePendingAppPassword("demo", "alice", NOW)).toBeUndefined();
    savePendingAppPassword("demo", "alice", { name: "Mail", expiry: "" }, NOW);
    expect(takePendingAppPassword("other", "alice", NOW)).toBeUndefined();
    savePendingAppPassword("demo", "alice", { name: "Mail", expiry: "" }, NOW);
    expect(takePendingAppPassword("demo", "alice", NOW + 16 * 60_000)).toBeUndefined();
  });

  it("ignores what it cannot read", () => {
    sessionStorage.setItem("account-console.pending-app-password", "{not json");
    expect(takePendingAppPassword("demo", "alice", NOW)).toBeUndefined();
    sessionStorage.setItem(
      "account-console.pending-app-password",
      JSON.stringify({ realm: "demo", user: "alice", savedAt: NOW, name: 5, expiry: "" }),
    );
    expect(takePendingAppPassword("demo", "alice", NOW)).toBeUndefined();
  });
});
