// Compiled from examples/extension-theme/src/packing-list.jsx by compile.mjs: do not edit.
// A content page written for the stock account console: an ES module whose default export is a component, which
// imports React by name ("react", "react/jsx-runtime") and takes no props. Compiled into
// theme/.../resources/packing-list.js with React's automatic JSX runtime (see the README).
import { useId, useReducer, useState } from "react";
import { jsx as _jsx, jsxs as _jsxs } from "react/jsx-runtime";
const START = [
  {
    name: "Passport",
    packed: true,
  },
  {
    name: "Charger",
    packed: false,
  },
  {
    name: "Toothbrush",
    packed: false,
  },
];
function items(state, action) {
  switch (action.type) {
    case "toggle":
      return state.map((item, index) =>
        index === action.index
          ? {
              ...item,
              packed: !item.packed,
            }
          : item,
      );
    case "add":
      return [
        ...state,
        {
          name: action.name,
          packed: false,
        },
      ];
    default:
      return state;
  }
}
export default function PackingList() {
  const [list, dispatch] = useReducer(items, START);
  const [name, setName] = useState("");
  const inputId = useId();
  const packed = list.filter((item) => item.packed).length;
  return /* @__PURE__ */ _jsxs("div", {
    "data-testid": "packing-list",
    children: [
      /* @__PURE__ */ _jsx("p", {
        children: "This page is a module written for the stock account console: it imports React by name.",
      }),
      /* @__PURE__ */ _jsxs("p", {
        role: "status",
        "data-testid": "packing-count",
        children: [packed, " of ", list.length, " packed"],
      }),
      /* @__PURE__ */ _jsx("ul", {
        className: "pf-v6-c-list pf-m-plain",
        children: list.map((item, index) =>
          /* @__PURE__ */ _jsx(
            "li",
            {
              children: /* @__PURE__ */ _jsxs("label", {
                children: [
                  /* @__PURE__ */ _jsx("input", {
                    type: "checkbox",
                    checked: item.packed,
                    onChange: () =>
                      dispatch({
                        type: "toggle",
                        index,
                      }),
                  }),
                  " ",
                  item.name,
                ],
              }),
            },
            item.name,
          ),
        ),
      }),
      /* @__PURE__ */ _jsxs("form", {
        onSubmit: (event) => {
          event.preventDefault();
          if (name.trim())
            dispatch({
              type: "add",
              name: name.trim(),
            });
          setName("");
        },
        children: [
          /* @__PURE__ */ _jsx("label", {
            htmlFor: inputId,
            children: "Item",
          }),
          " ",
          /* @__PURE__ */ _jsx("input", {
            id: inputId,
            value: name,
            onChange: (event) => setName(event.target.value),
          }),
          " ",
          /* @__PURE__ */ _jsx("button", {
            type: "submit",
            className: "pf-v6-c-button pf-m-secondary",
            children: "Add",
          }),
        ],
      }),
    ],
  });
}
