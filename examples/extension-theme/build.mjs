// @ts-check
// Packs this folder's theme into a jar Keycloak loads from providers/: `node examples/extension-theme/build.mjs`
// writes examples/extension-theme/dist/account-console-extension-example.jar. A jar is a zip; this writes a plain
// stored (uncompressed) one, so no JDK or zip tool is needed.
import fs from "node:fs";
import path from "node:path";
import { Buffer } from "node:buffer";
import process from "node:process";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

const here = path.dirname(fileURLToPath(import.meta.url));
export const EXTENSION_THEME_NAME = "account-console-extension-example";
export const EXTENSION_JAR = path.join(here, "dist", `${EXTENSION_THEME_NAME}.jar`);

/** Every file under `folder` of `root`, as zip entry names relative to `root` (forward slashes), sorted. */
function filesUnder(/** @type {string} */ root, /** @type {string} */ folder) {
  return fs
    .readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

/** A stored zip of `entries` (name → bytes). @param {[string, Buffer][]} entries */
export function storedZip(entries) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const [name, data] of entries) {
    const nameBytes = Buffer.from(name, "utf8");
    const crc = zlib.crc32(data);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed
    header.writeUInt16LE(0x0800, 6); // UTF-8 names
    header.writeUInt16LE(0, 8); // stored
    header.writeUInt32LE(0x00210000, 10); // 1980-01-01 00:00, so builds are byte-identical
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    header.writeUInt16LE(0, 28);
    locals.push(header, nameBytes, data);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt32LE(0x00210000, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);
    offset += header.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Writes the theme jar of an example folder (its META-INF/ and theme/) to `outFile` and returns that path. */
export function writeThemeJar(/** @type {string} */ folder, /** @type {string} */ outFile) {
  const names = [...filesUnder(folder, "META-INF"), ...filesUnder(folder, "theme")];
  const zip = storedZip(names.map((name) => [name, fs.readFileSync(path.join(folder, name))]));
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(outFile, zip);
  return outFile;
}

/** Builds this folder's jar and returns its path. */
export function buildExtensionJar(outFile = EXTENSION_JAR) {
  return writeThemeJar(here, outFile);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.stdout.write(`Built ${path.relative(process.cwd(), buildExtensionJar())}\n`);
}
