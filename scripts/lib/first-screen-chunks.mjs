// @ts-check
// Rolldown's automatic code splitting leaves the first screen spread over a dozen small shared chunks (each a
// request, most with a stylesheet of their own): a piece of PatternFly the shell and a page both use becomes its own
// chunk. The first screen needs all of them anyway, so the build puts them together: a first pass splits
// automatically, this module reads which modules the entry and the landing page load up front, and the real build
// gives exactly those modules one chunk ("shell"). Nothing loads more bytes than before; later pages import from
// the shell chunk that is already there.

/**
 * @typedef {{ type: "chunk", fileName: string, isEntry: boolean, facadeModuleId: string | null, imports: string[],
 *   moduleIds: string[] }} OutputChunk
 */

/**
 * The modules of every chunk that a first-screen root (the app chunk the entry imports right away, the landing page's
 * chunk) imports statically (transitively); not the modules of those chunks themselves, which keep their own chunks,
 * and none that the entry loads statically, which stay with the entry.
 *
 * @param {Array<OutputChunk | { type: "asset" }>} output  the first pass's output
 * @param {(moduleId: string) => boolean} isRoot  which dynamic entries the first screen loads (app, landing page)
 * @param {(moduleId: string) => boolean} [joinsWhole]  which of those roots joins the shell with its whole chunk
 * @returns {Set<string>}
 */
export function firstScreenModules(output, isRoot, joinsWhole = () => false) {
  const chunks = /** @type {OutputChunk[]} */ (output.filter((item) => item.type === "chunk"));
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entries = chunks.filter((chunk) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`Expected one entry chunk, found ${entries.length}.`);
  const roots = [...entries, ...chunks.filter((chunk) => chunk.facadeModuleId && isRoot(chunk.facadeModuleId))];

  const own = new Set(roots.map((chunk) => chunk.fileName));
  /** @type {Set<string>} */ const modules = new Set();
  /** @type {Set<string>} */ const seen = new Set();
  /** @param {string} fileName */
  const visit = (fileName) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    const chunk = byFile.get(fileName);
    if (!chunk) throw new Error(`The first pass imports ${fileName} but did not write it.`);
    if (!own.has(fileName)) for (const id of chunk.moduleIds) modules.add(id);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const root of roots) visit(root.fileName);

  // What the entry loads statically never joins the shell: the entry runs first (it starts sign-in and the first
  // requests while the shell downloads), so it must not import the shell. Those modules stay with the entry.
  const entryStatic = entryModules(output);

  // A root chunk that another first-screen chunk imports (the landing page imports from the app chunk) holds modules
  // they share; rolldown may have put them there in the first pass. They join the shell too, all but the root's own
  // module: left behind, the shell would import the app chunk that imports the shell, and a module of one would read
  // the other's before it has run.
  const imported = new Set(chunks.filter((chunk) => seen.has(chunk.fileName)).flatMap((chunk) => chunk.imports));
  for (const root of roots) {
    if (root.isEntry || !imported.has(root.fileName)) continue;
    for (const id of root.moduleIds) if (id !== root.facadeModuleId) modules.add(id);
  }
  // The app's start is in the shell (vite.config.ts): the modules of its chunk join it, else they would make a chunk
  // of their own that imports the shell, which imports it back.
  for (const root of roots) {
    if (root.facadeModuleId && joinsWhole(root.facadeModuleId)) for (const id of root.moduleIds) modules.add(id);
  }
  for (const id of entryStatic) modules.delete(id);
  return modules;
}

/**
 * The modules the entry loads statically in the first pass: its own chunk's and those of every chunk it imports
 * (transitively). They run before the shell has downloaded.
 * @param {Array<OutputChunk | { type: "asset" }>} output  the first pass's output
 * @returns {Set<string>}
 */
export function entryModules(output) {
  const chunks = /** @type {OutputChunk[]} */ (output.filter((item) => item.type === "chunk"));
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  /** @type {Set<string>} */ const modules = new Set();
  /** @type {Set<string>} */ const seen = new Set();
  /** @param {string} fileName */
  const visit = (fileName) => {
    const chunk = byFile.get(fileName);
    if (seen.has(fileName) || !chunk) return;
    seen.add(fileName);
    for (const id of chunk.moduleIds) modules.add(id);
    for (const imported of chunk.imports) visit(imported);
  };
  if (entry) visit(entry.fileName);
  return modules;
}
