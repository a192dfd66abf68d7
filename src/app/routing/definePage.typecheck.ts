// Compile-time checks of the route table's typing: `npm run typecheck` fails if a wrong pairing compiles (each
// `@ts-expect-error` must meet an error). Nothing here runs.
import { definePage, type PageProps } from "../../pages/page";

const listPage = async () => ({ default: (_: PageProps<string[]>) => null });

// A loader whose data is what the page takes.
definePage({ Component: listPage, loader: async () => async () => ["a"] });

// @ts-expect-error the loader gives a number, the page takes a list of strings
definePage({ Component: listPage, loader: async () => async () => 1 });

// @ts-expect-error a page that takes data needs a loader
definePage({ Component: listPage });

// A page without data needs none.
definePage({ Component: async () => ({ default: () => null }) });
