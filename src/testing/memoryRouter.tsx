import { useState, type ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "../lib/routing";

/** Routes for tests of one component: `children` at any address, in react-router's memory router. */
export function MemoryRouter({ initialEntries, children }: { initialEntries?: string[]; children: ReactNode }) {
  const [router] = useState(() => createMemoryRouter([{ path: "*", element: children }], { initialEntries }));
  return <RouterProvider router={router} />;
}
