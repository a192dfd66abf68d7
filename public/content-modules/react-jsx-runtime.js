// "react/jsx-runtime" for content modules written for the stock console: the console's own JSX runtime, whose
// elements its React renders.
import { shared } from "./shared.js";

const runtime = shared("jsxRuntime");
export default runtime;
export const { Fragment, jsx, jsxs } = runtime;
