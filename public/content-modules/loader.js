// The content-module frame's one function: the console calls it to import a module here, where this frame's import
// map resolves "react", "react/jsx-runtime" and "react-dom" to the shims beside this file (see loader.html).
window.importContentModule = (url) => import(url);
