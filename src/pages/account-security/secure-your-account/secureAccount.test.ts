import { describe, expect, it } from "vitest";
import { alertFacts } from "./secureAccount";

const NOW = Date.UTC(2026, 10, 27, 18, 0);
const facts = (query: string) => alertFacts(new URLSearchParams(query), NOW);

describe("the facts of a sign-in alert's link", () => {
  it("reads the browser, the system and the time as the mail writes them", () => {
    const time = Date.UTC(2026, 10, 27, 17, 4);
    expect(facts(`browser=Firefox&os=Windows&time=${time}`)).toEqual({
      browser: "Firefox",
      os: "Windows",
      time: new Date(time),
    });
    expect(facts("browser=Chrome+Mobile&os=Mac+OS+X")).toEqual({ browser: "Chrome Mobile", os: "Mac OS X" });
  });

  it("leaves out a device that is not a family name, or only half of one", () => {
    for (const query of [
      "browser=Firefox",
      "os=Windows",
      "browser=Other&os=Windows",
      "browser=Firefox&os=",
      "browser=<b>Firefox</b>&os=Windows",
      "browser=Call+us%3A+555-0100&os=Windows",
      `browser=${"A".repeat(41)}&os=Windows`,
      "browser=Firefox&browser=Chrome&os=Windows",
      "browser=https%3A%2F%2Fevil.example&os=Windows",
    ]) {
      expect(facts(query), query).toEqual({});
    }
  });

  it("leaves out a time that is not epoch milliseconds of a plausible past", () => {
    for (const time of ["", "abc", "1.5e12", "-1", "1700000000000x", String(NOW + 3_600_000), "1000", "1e12"]) {
      expect(facts(`browser=Firefox&os=Linux&time=${encodeURIComponent(time)}`), time).toEqual({
        browser: "Firefox",
        os: "Linux",
      });
    }
    expect(facts(`time=${NOW}&time=${NOW}`)).toEqual({});
  });

  it("reads nothing from a link without a query", () => {
    expect(facts("")).toEqual({});
  });
});
