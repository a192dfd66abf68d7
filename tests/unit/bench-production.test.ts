import { execFileSync } from "node:child_process";
import { X509Certificate, createPrivateKey } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { browserArguments } from "../../scripts/lib/bench/browser.mjs";
import { certificateArguments, makeCertificate, spkiHash } from "../../scripts/lib/bench/certificate.mjs";
import { alternation, benchSettings, legsOf } from "../../scripts/lib/bench/config.mjs";
import { loadRange, protocolsOf, resultFileName, sideBySide, sideBySideLine } from "../../scripts/lib/bench/report.mjs";

describe("the production shape's certificate", () => {
  const certificate = makeCertificate();
  afterAll(() => certificate.remove());

  it("asks openssl for a self-signed certificate whose alternative names cover every host, IPs as IPs", () => {
    const args = certificateArguments({
      certificateFile: "/tmp/c.pem",
      keyFile: "/tmp/k.pem",
      hosts: ["localhost", "127.0.0.1", "::1"],
    });
    expect(args.slice(0, 2)).toEqual(["req", "-x509"]);
    expect(args).toContain("-nodes");
    expect(args[args.indexOf("-subj") + 1]).toBe("/CN=localhost");
    expect(args[args.indexOf("-addext") + 1]).toBe("subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1");
    expect(args[args.indexOf("-keyout") + 1]).toBe("/tmp/k.pem");
    expect(args[args.indexOf("-out") + 1]).toBe("/tmp/c.pem");
  });

  it("is valid for the address the browser uses, and its key is the certificate's", () => {
    const x509 = new X509Certificate(readFileSync(certificate.certificateFile));
    expect(x509.checkHost("localhost")).toBe("localhost");
    expect(x509.checkIP("127.0.0.1")).toBe("127.0.0.1");
    expect(x509.checkHost("example.org")).toBeUndefined();
    expect(x509.issuer).toBe(x509.subject);
    expect(x509.checkPrivateKey(createPrivateKey(readFileSync(certificate.keyFile)))).toBe(true);
    expect(certificate.subjectAltName).toBe("DNS:localhost, IP Address:127.0.0.1");
  });

  it("gives Chromium the same public key hash as openssl's own recipe", () => {
    const publicKey = execFileSync("openssl", ["x509", "-pubkey", "-noout", "-in", certificate.certificateFile]);
    const der = execFileSync("openssl", ["pkey", "-pubin", "-outform", "der"], { input: publicKey });
    const digest = execFileSync("openssl", ["dgst", "-sha256", "-binary"], { input: der }).toString("base64");
    expect(certificate.spki).toBe(digest);
    expect(spkiHash(certificate.pem)).toBe(digest);
    expect(browserArguments(certificate.spki)).toContain(`--ignore-certificate-errors-spki-list=${digest}`);
  });

  it("leaves no key behind once removed", () => {
    const other = makeCertificate();
    expect(other.spki).not.toBe(certificate.spki); // a fresh key per run
    other.remove();
    expect(existsSync(other.keyFile)).toBe(false);
    expect(existsSync(other.certificateFile)).toBe(false);
  });
});

describe("the bench's settings and legs", () => {
  it("measures HTTPS then HTTP/1.1 on its own server in production mode, plain HTTP in dev mode", () => {
    expect(legsOf({ mode: "production" })).toEqual(["https", "http"]);
    expect(legsOf({ mode: "dev" })).toEqual(["http"]);
    expect(legsOf({ mode: "production", keycloakUrl: "https://kc.example.org" })).toEqual(["https"]);
    expect(legsOf({ mode: "production", keycloakUrl: "http://localhost:8080" })).toEqual(["http"]);
  });

  it("takes the instance and its three ports from the environment", () => {
    expect(benchSettings({ BENCH_MODE: "production" })).toMatchObject({
      instance: "bench",
      port: 8581,
      httpsPort: 8543,
      legs: ["https", "http"],
    });
    expect(
      benchSettings({
        BENCH_MODE: "production",
        BENCH_KC_INSTANCE: "benchhttps",
        BENCH_KC_PORT: "8681",
        BENCH_KC_HTTPS_PORT: "8643",
      }),
    ).toMatchObject({ instance: "benchhttps", port: 8681, httpsPort: 8643 });
  });

  it("gives Chromium no certificate to accept without one", () => {
    expect(browserArguments().some((arg) => arg.includes("certificate"))).toBe(false);
  });
});

describe("the legs' figures", () => {
  const run = (byProtocol: Record<string, number>, connections = 1) => ({ protocols: { byProtocol, connections } });

  it("adds up what Resource Timing saw and accepts a leg only when everything on the network used its protocol", () => {
    const seen = protocolsOf([run({ h2: 18, none: 2 }), run({ h2: 17 }, 0)], "h2");
    expect(seen).toEqual({ byProtocol: { h2: 35, none: 2 }, connections: [1, 0], asExpected: true });
    expect(protocolsOf([run({ h2: 10 }), run({ "http/1.1": 1 })], "h2").asExpected).toBe(false);
    expect(protocolsOf([run({ none: 3 })], "h2").asExpected).toBe(false);
  });

  it("puts each metric's figures of every leg side by side", () => {
    const figure = (ours: number, stock: number) => ({ ours, stock, ratio: ours / stock });
    expect(
      sideBySide([
        { name: "https", table: { time: figure(1, 2), bytes: figure(3, 4) } },
        { name: "http", table: { time: figure(2, 4) } },
      ]),
    ).toEqual({
      time: { https: figure(1, 2), http: figure(2, 4) },
      bytes: { https: figure(3, 4) },
    });
  });

  it("states the machine's load over a leg as its range and median", () => {
    expect(loadRange([{ load1: 3 }, { load1: 1.5 }, { load1: 9 }])).toEqual({ min: 1.5, max: 9, median: 3 });
  });
});

describe("the order of the runs", () => {
  it("turns the legs and the consoles round every round, so each console runs first on each leg half the time", () => {
    const steps = alternation(4, ["https", "http"]).map(({ leg, order, round }) => `${round} ${leg} ${order[0]}`);
    expect(steps).toEqual([
      "0 https ours",
      "0 http ours",
      "1 http stock",
      "1 https stock",
      "2 https ours",
      "2 http ours",
      "3 http stock",
      "3 https stock",
    ]);
    expect(alternation(3, ["http"]).map(({ order }) => order.join())).toEqual([
      "ours,stock",
      "stock,ours",
      "ours,stock",
    ]);
  });
});

describe("the result file", () => {
  it("is named by mode and date, and says in its name when it is a smoke run", () => {
    const date = new Date("2026-11-27T18:30:00.123Z");
    expect(resultFileName("production", 7, date)).toBe("load-production-2026-11-27T18-30-00-123Z.json");
    expect(resultFileName("production", 3, date)).toBe("load-production-2026-11-27T18-30-00-123Z.json");
    expect(resultFileName("production", 1, date)).toBe("load-production-smoke-2026-11-27T18-30-00-123Z.json");
  });
});

describe("the side-by-side lines", () => {
  it("give each leg's ratio and both consoles' figures in the metric's unit, with the leg's label", () => {
    type Figures = { ours: number; stock: number; ratio: number };
    const legs: { label: string; table: Record<string, Figures> }[] = [
      { label: "h2, load 3–4", table: { "switch to device activity": { ours: 50.4, stock: 150, ratio: 0.336 } } },
      { label: "http/1.1, load 4–5", table: {} },
    ];
    expect(sideBySideLine("switch to device activity", legs)).toBe(
      "bench: side by side, switch to device activity ours/stock: h2, load 3–4 0.34 (ours 50 ms, stock 150 ms) | http/1.1, load 4–5 -",
    );
    const bytes = { "wire bytes total (cold, incl. 1.5 s after)": { ours: 331442, stock: 512525, ratio: 0.65 } };
    expect(sideBySideLine("wire bytes total (cold, incl. 1.5 s after)", [{ label: "h2", table: bytes }])).toContain(
      "(ours 324 KiB, stock 501 KiB)",
    );
  });
});
