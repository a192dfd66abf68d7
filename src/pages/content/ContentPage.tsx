import * as React from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { useApi } from "../../api/ApiContext";
import type { RequestOptions } from "../../api/client";
import type { Environment } from "../../environment/environment";
import { useEnvironment } from "../../environment/EnvironmentContext";
import { LoadingState } from "../../ui/LoadingState";
import { PageLayout } from "../../ui/PageLayout";
import type { PageProps } from "../page";
import { translateLabel } from "../../i18n/translateLabel";
import { useFetch } from "../../ui/hooks/useFetch";
import { ContentPageError, isUnresolvedSpecifier, moduleUrl, type ContentModuleItem } from "./content";
import { importModule } from "./importModule";
import { importInModuleFrame } from "./moduleFrame";
import { sharedReact } from "./sharedReact";

/**
 * What a content module's default export receives as props (see docs/content-pages.md). The module is plain ESM
 * loaded from the theme's resources; it brings no React of its own and builds its elements and hooks with `React`
 * (or, written for the stock console, imports "react", which the content-module frame resolves to the same React).
 */
export type ContentModuleProps = {
  /** The console's React: `React.createElement`, `React.useState`, ... */
  React: typeof React;
  /** The page's menu item from content.json. */
  item: ContentModuleItem;
  /** The environment the theme template gave the console (realm, URLs, locale, feature flags). */
  environment: Environment;
  /** Translations: Keycloak's bundles, the theme's messages and the realm's overrides. */
  t: TFunction;
  language: string;
  /** An Account REST call as the signed-in user (`/realms/{realm}/account/<path>`), parsed JSON; throws on failure. */
  request: <T = unknown>(path: string, options?: RequestOptions) => Promise<T>;
};

type ContentComponent = (props: ContentModuleProps) => React.ReactNode;

const reason = (error: unknown) => (error as Error | null)?.message ?? String(error);

/**
 * Loads the module and checks that its default export is a component. A module that imports "react" (written for the
 * stock console) cannot be resolved on the console's page; it is imported again in the content-module frame.
 */
async function loadComponent(resourceUrl: string, url: string): Promise<ContentComponent> {
  let module: Record<string, unknown>;
  try {
    module = await importModule(url);
  } catch (error) {
    if (!isUnresolvedSpecifier(error)) {
      throw new ContentPageError(`The page's module ${url} could not be loaded: ${reason(error)}`);
    }
    try {
      module = await importInModuleFrame(resourceUrl, url, sharedReact);
    } catch (frameError) {
      throw new ContentPageError(`The page's module ${url} could not be loaded: ${reason(frameError)}`);
    }
  }
  if (typeof module.default !== "function") {
    throw new ContentPageError(`The page's module ${url} has no default export that is a function.`);
  }
  return module.default as ContentComponent;
}

/**
 * Turns an error the module throws while rendering into one of the console's page (a module of the frame throws the
 * frame's Error, which the error dialog would not recognise), naming the module; the route's error dialog shows it.
 */
class ModuleErrors extends React.Component<{ url: string; children: React.ReactNode }, { error?: unknown }> {
  override state: { error?: unknown } = {};
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    if (this.state.error !== undefined) {
      throw new ContentPageError(`The page's module ${this.props.url} failed: ${reason(this.state.error)}`);
    }
    return this.props.children;
  }
}

/**
 * A page a theme that extends ours adds (content.json item with `modulePath`): its module's default export rendered
 * inside the shell. A module that is missing, is no component or throws fails the route: the error dialog shows and
 * the rest of the console keeps working.
 */
export default function ContentPage({ data: item }: PageProps<ContentModuleItem>) {
  const { t, i18n } = useTranslation();
  const environment = useEnvironment();
  const api = useApi();
  const url = moduleUrl(environment.resourceUrl, item.modulePath);
  // Wrapped in an object: useFetch would otherwise see the component function as data.
  const { state } = useFetch(async () => ({ component: await loadComponent(environment.resourceUrl, url) }), url);
  // Stable, so a module may list it in an effect's dependencies.
  const request = React.useCallback<ContentModuleProps["request"]>(
    (path, options) => api.request(path, options),
    [api],
  );

  if (state.status === "error") throw state.error;
  const Module = state.status === "ready" ? state.data.component : undefined;

  return (
    <PageLayout title={translateLabel(t, item.label, item.path)}>
      <div className="content-page" data-testid="content-page">
        {Module ? (
          <ModuleErrors url={url}>
            <Module
              React={React}
              item={item}
              environment={environment}
              t={t}
              language={i18n.language}
              request={request}
            />
          </ModuleErrors>
        ) : (
          <LoadingState />
        )}
      </div>
    </PageLayout>
  );
}
