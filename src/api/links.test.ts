import { describe, expect, it } from "vitest";
import { parseLinks } from "./links";

describe("parseLinks", () => {
  it("reads next and prev as Keycloak writes them", () => {
    const header =
      '<http://kc/realms/r/account/resources?first=10&max=5>; rel="next", <http://kc/realms/r/account/resources?first=0&max=5>; rel="prev"';
    expect(parseLinks(header)).toEqual({ next: { first: 10, max: 5 }, prev: { first: 0, max: 5 } });
  });

  it("knows no other page without a header", () => {
    expect(parseLinks(null)).toEqual({});
    expect(parseLinks("")).toEqual({});
  });

  it("accepts unquoted and multiple relations, relative URLs and any order of parameters", () => {
    expect(parseLinks("</resources?max=20&first=40>; rel=next")).toEqual({ next: { first: 40, max: 20 } });
    expect(parseLinks('<?first=0&max=5>; title="x"; rel="prev start"')).toEqual({ prev: { first: 0, max: 5 } });
  });

  it("ignores other relations and links without usable paging parameters", () => {
    const header = [
      '<http://kc/x?first=5&max=5>; rel="last"',
      '<http://kc/x?first=abc&max=5>; rel="next"',
      '<http://kc/x?max=5>; rel="prev"',
      '<http://kc/x?first=5&max=0>; rel="prev"',
      "garbage",
    ].join(", ");
    expect(parseLinks(header)).toEqual({});
  });

  it("keeps the first link of a relation", () => {
    expect(parseLinks('<?first=5&max=5>; rel="next", <?first=99&max=5>; rel="next"')).toEqual({
      next: { first: 5, max: 5 },
    });
  });
});
