import { describe, expect, it } from "vitest";
import type { DeviceRepresentation } from "../../../api/representations";
import { testI18n } from "../../../testing/i18n";
import { deviceTitle, onlineOnly, orderDevices, sessionCount } from "./devices";

const t = testI18n.t;
const device = (id: string, current: boolean, sessions: { id: string; current?: boolean }[]): DeviceRepresentation => ({
  id,
  current,
  os: "Linux",
  browser: "Firefox/130",
  sessions,
});

describe("orderDevices", () => {
  it("puts the current device first and its current session first, keeping the rest in order", () => {
    const devices = [
      device("a", false, [{ id: "a1" }]),
      device("b", true, [{ id: "b1" }, { id: "b2", current: true }, { id: "b3" }]),
      device("c", false, [{ id: "c1" }]),
    ];
    const ordered = orderDevices(devices);
    expect(ordered.map((d) => d.id)).toEqual(["b", "a", "c"]);
    expect(ordered[0]!.sessions.map((s) => s.id)).toEqual(["b2", "b1", "b3"]);
  });

  it("does not change what it was given", () => {
    const devices = [
      device("a", false, [{ id: "a1" }]),
      device("b", true, [{ id: "b1" }, { id: "b2", current: true }]),
    ];
    const copy = structuredClone(devices);
    orderDevices(devices);
    expect(devices).toEqual(copy);
  });

  it("copes with no current device or session (e.g. listing through another client)", () => {
    const devices = [device("a", false, [{ id: "a1" }, { id: "a2" }]), device("b", false, [])];
    expect(orderDevices(devices).flatMap((d) => d.sessions.map((s) => s.id))).toEqual(["a1", "a2"]);
    expect(sessionCount(devices)).toBe(2);
  });
});

describe("deviceTitle", () => {
  it("names the operating system, its version and the browser", () => {
    expect(deviceTitle({ os: "Mac OS X", osVersion: "14.1", browser: "Safari/17", sessions: [] }, t)).toBe(
      "Mac OS X 14.1 / Safari/17",
    );
  });

  it("says plainly when the operating system is unknown, and leaves out an unknown version", () => {
    expect(deviceTitle({ os: "Other", osVersion: "Unknown", browser: "curl", sessions: [] }, t)).toBe(
      "Unknown operating system / curl",
    );
    expect(deviceTitle({ sessions: [] }, t)).toBe("Unknown operating system");
  });
});

describe("onlineOnly", () => {
  const online = [
    { id: "s1", current: true, clients: [{ clientId: "account-console" }] },
    { id: "s2", clients: [{ clientId: "shop" }] },
  ];

  it("leaves out offline sessions, and a device that had only those", () => {
    const devices = [
      device("laptop", true, [{ id: "s1", current: true }, { id: "o1" }]),
      device("phone", false, [{ id: "o2" }]),
      device("tablet", false, [{ id: "s2" }]),
    ];
    expect(onlineOnly(devices, online).map((d) => [d.id, d.sessions?.map((s) => s.id)])).toEqual([
      ["laptop", ["s1"]],
      ["tablet", ["s2"]],
    ]);
  });

  it("shows a session that has an offline twin of the same id once, as the online list has it", () => {
    const devices = [
      device("laptop", true, [{ id: "s1", current: true }, { id: "s1", clients: [{ clientId: "sync" }] } as never]),
    ];
    expect(onlineOnly(devices, online)[0]!.sessions).toEqual([online[0]]);
  });

  it("never mutates", () => {
    const devices = [device("laptop", true, [{ id: "s1" }, { id: "o1" }])];
    onlineOnly(devices, online);
    expect(devices[0]!.sessions).toHaveLength(2);
  });
});
