import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  BASE_IMAGE,
  HAPROXY_IMAGE,
  POSTGRES_IMAGE,
  RECIPE_LABEL,
  candidateHosts,
  debianMirror,
  debootstrapArguments,
  dockerdArguments,
  engineFiles,
  haproxyImage,
  installCommand,
  keycloakImageChanges,
  postgresImage,
  recipeOf,
} from "../../tools/offline-images/config.mjs";

describe("the Docker engine our scripts start", () => {
  const files = engineFiles({ KC_CACHE_DIR: "/cache/kc" });

  it("keeps every file of its own under the cache, outside the system's /var/lib/docker and /run", () => {
    expect(files).toMatchObject({
      dataRoot: "/cache/kc/docker/data",
      execRoot: "/cache/kc/docker/exec",
      socket: "/cache/kc/docker/docker.sock",
      pidFile: "/cache/kc/docker/dockerd.pid",
      startedMarker: "/cache/kc/docker/started-by-scripts.pid",
    });
    expect(dockerdArguments(files)).toEqual([
      "--storage-driver=vfs",
      "--iptables=false",
      "--data-root=/cache/kc/docker/data",
      "--exec-root=/cache/kc/docker/exec",
      "--host=unix:///cache/kc/docker/docker.sock",
      "--pidfile=/cache/kc/docker/dockerd.pid",
    ]);
  });

  it("asks DOCKER_HOST alone when it is set, else the system's engine before ours", () => {
    expect(candidateHosts({ DOCKER_HOST: "tcp://10.0.0.2:2375", KC_CACHE_DIR: "/c" })).toEqual(["tcp://10.0.0.2:2375"]);
    expect(candidateHosts({ KC_CACHE_DIR: "/c" })).toEqual([
      "unix:///var/run/docker.sock",
      "unix:///c/docker/docker.sock",
    ]);
  });
});

describe("the Debian mirror for debootstrap", () => {
  it("reads deb822 .sources stanzas and skips security, disabled and foreign repositories", () => {
    const sources = [
      "Types: deb",
      "URIs: http://security.debian.org/debian-security",
      "Suites: bookworm-security",
      "",
      "Types: deb",
      "URIs: http://disabled.example/debian",
      "Suites: bookworm",
      "Enabled: no",
      "",
      "Types: deb deb-src",
      "# a comment line",
      "URIs: http://mirror.example/debian/",
      "Suites: bookworm bookworm-updates",
      "Components: main",
    ].join("\n");
    const other = "deb https://packages.example.com/apt cloud-sdk main\n";
    expect(
      debianMirror([
        { name: "/etc/apt/sources.list.d/other.list", text: other },
        { name: "debian.sources", text: sources },
      ]),
    ).toBe("http://mirror.example/debian");
  });

  it("reads one-line entries, with options in brackets and comments", () => {
    const list = [
      "# deb http://old.example/debian bookworm main",
      "deb-src http://src.example/debian bookworm main",
      "deb [arch=amd64 signed-by=/k.gpg] http://ftp.example.org/debian bookworm main contrib",
    ].join("\n");
    expect(debianMirror([{ name: "/etc/apt/sources.list", text: list }])).toBe("http://ftp.example.org/debian");
  });

  it("finds none when apt has no Debian archive, so the script can say so", () => {
    expect(
      debianMirror([{ name: "x.list", text: "deb http://security.debian.org/debian-security bookworm-security main" }]),
    ).toBeUndefined();
    expect(debianMirror([])).toBeUndefined();
  });

  it("makes a minimal bookworm with a Java 17 runtime", () => {
    expect(debootstrapArguments("/tmp/root", "http://m/debian")).toEqual([
      "--variant=minbase",
      "--include=openjdk-17-jre-headless",
      "bookworm",
      "/tmp/root",
      "http://m/debian",
    ]);
    expect(BASE_IMAGE).toBe("keycloak-account-console/jre:bookworm-17");
  });
});

describe("the Keycloak image", () => {
  it("is laid out like the official one: kc.sh as entry point, and Keycloak told it runs in a container", () => {
    const changes = keycloakImageChanges("26.7.4");
    expect(changes).toContain('ENTRYPOINT ["/opt/keycloak/bin/kc.sh"]');
    expect(changes).toContain("ENV KC_RUN_IN_CONTAINER=true");
    expect(changes).toContain("LABEL org.keycloak.version=26.7.4");
  });

  it("carries a digest of its recipe, which changes with the version, so a new KC_VERSION builds anew", () => {
    const a = keycloakImageChanges("26.7.4");
    const b = keycloakImageChanges("26.8.0");
    expect(a.at(-1)).toMatch(new RegExp(`^LABEL ${RECIPE_LABEL}=[0-9a-f]{16}$`));
    expect(recipeOf(a)).toBe(recipeOf(keycloakImageChanges("26.7.4")));
    expect(recipeOf(a)).not.toBe(recipeOf(b));
  });
});

describe("the PostgreSQL and HAProxy images", () => {
  it("are the ones docker-compose.cluster.yml names, so the compose file finds them here under the registry's names", () => {
    const root = path.resolve(import.meta.dirname, "..", "..");
    const compose = parse(readFileSync(path.join(root, "docker-compose.cluster.yml"), "utf8")) as {
      services: Record<string, { image: string }>;
    };
    expect(compose.services.postgres?.image).toBe(POSTGRES_IMAGE);
    expect(compose.services.haproxy?.image).toBe(HAPROXY_IMAGE);
  });

  it("take Debian's packages of the tag's major version and the official images' paths", () => {
    const postgres = postgresImage("#!/bin/bash");
    expect(postgres.packages).toEqual([`postgresql-${POSTGRES_IMAGE.split(":")[1]}`]);
    expect(postgres.changes).toContain("ENV PGDATA=/var/lib/postgresql/data");
    expect(haproxyImage().changes).toContain(
      'CMD ["haproxy", "-W", "-db", "-f", "/usr/local/etc/haproxy/haproxy.cfg"]',
    );
    // Another entry point script is another recipe: the image builds anew.
    expect(recipeOf(postgresImage("#!/bin/sh").changes)).not.toBe(recipeOf(postgres.changes));
  });

  it("install without starting services and leave apt's downloads out", () => {
    const command = installCommand(["haproxy"]);
    expect(command).toContain("/usr/sbin/policy-rc.d");
    expect(command).toContain("apt-get install -y -qq --no-install-recommends haproxy");
    expect(command).toMatch(/rm -rf \/var\/lib\/apt\/lists\/\*/);
  });
});
