import { parse } from "regexparam";
import { matchRoute } from "wouter";
import type { Match, Params, RouteObject } from "./types";

/**
 * Which routes an address names. wouter matches one pattern (regexparam: case-insensitive, a trailing slash
 * ignored, `:param` and `*`); this walks the nested route tree with it, static patterns before params before `*`.
 */

/** The chain of routes from the root to the one the address names, with its params; [] when none does. */
export function matchRoutes(routes: RouteObject[], pathname: string): Match[] {
  return matchLevel(routes, pathname, {}) ?? [];
}

function matchLevel(routes: RouteObject[], path: string, params: Params): Match[] | null {
  const rest = path === "" ? "/" : path;
  for (const route of [...routes].sort((a, b) => rank(b) - rank(a))) {
    if (route.index) {
      if (rest === "/") return [{ route, params }];
      continue;
    }
    const pattern = `/${(route.path ?? "").replace(/^\/+|\/+$/g, "")}`;
    const nested = !!route.children?.length && !pattern.includes("*");
    // Loose (for a parent) the match also gives the part of the path it consumed.
    const [matched, found, consumed] = matchRoute(parse, pattern, rest, nested) as [boolean, Found, string?];
    if (!matched) continue;
    const own = { ...params, ...decodeAll(found) };
    if (nested) {
      const below = rest.slice((consumed ?? "").length);
      const chain = matchLevel(route.children!, below, own);
      if (chain) return [{ route, params: own }, ...chain];
      if (!/^\/?$/.test(below)) continue;
    }
    return [{ route, params: own }];
  }
  return null;
}

function rank(route: RouteObject): number {
  if (route.index) return 3;
  const path = route.path ?? "";
  if (path.includes("*")) return 0;
  return path.includes(":") ? 1 : 2;
}

/** The named params, decoded; positional captures dropped. A malformed escape stays as it was typed. */
type Found = Record<string, string | undefined> | null;

function decodeAll(found: Found): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(found ?? {})) {
    if (/^\d+$/.test(name) || value === undefined) continue;
    try {
      params[name] = decodeURIComponent(value);
    } catch {
      params[name] = value;
    }
  }
  return params;
}
