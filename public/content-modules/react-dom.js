// "react-dom" for content modules written for the stock console: the console's own React DOM (19), with
// createRoot and hydrateRoot as the stock console's React DOM had them.
import { removedInReact19, shared } from "./shared.js";

const ReactDOM = shared("reactDom");
export default ReactDOM;
export const {
  browser,
  createPortal,
  createRoot,
  flushSync,
  hydrateRoot,
  preconnect,
  prefetchDNS,
  preinit,
  preinitModule,
  preload,
  preloadModule,
  requestFormReset,
  unstable_batchedUpdates,
  useFormState,
  useFormStatus,
  version,
} = ReactDOM;

// Exported by the stock console's React DOM 18, gone in React 19.
export const findDOMNode = removedInReact19("findDOMNode");
export const hydrate = removedInReact19("hydrate");
export const render = removedInReact19("render");
export const unmountComponentAtNode = removedInReact19("unmountComponentAtNode");
export const unstable_renderSubtreeIntoContainer = removedInReact19("unstable_renderSubtreeIntoContainer");
export const __SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED = undefined;
