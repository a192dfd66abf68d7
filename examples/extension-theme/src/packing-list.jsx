// A content page written for the stock account console: an ES module whose default export is a component, which
// imports React by name ("react", "react/jsx-runtime") and takes no props. Compiled into
// theme/.../resources/packing-list.js with React's automatic JSX runtime (see the README).
import { useId, useReducer, useState } from "react";

const START = [
  { name: "Passport", packed: true },
  { name: "Charger", packed: false },
  { name: "Toothbrush", packed: false },
];

function items(state, action) {
  switch (action.type) {
    case "toggle":
      return state.map((item, index) => (index === action.index ? { ...item, packed: !item.packed } : item));
    case "add":
      return [...state, { name: action.name, packed: false }];
    default:
      return state;
  }
}

export default function PackingList() {
  const [list, dispatch] = useReducer(items, START);
  const [name, setName] = useState("");
  const inputId = useId();
  const packed = list.filter((item) => item.packed).length;

  return (
    <div data-testid="packing-list">
      <p>This page is a module written for the stock account console: it imports React by name.</p>
      <p role="status" data-testid="packing-count">
        {packed} of {list.length} packed
      </p>
      <ul className="pf-v6-c-list pf-m-plain">
        {list.map((item, index) => (
          <li key={item.name}>
            <label>
              <input type="checkbox" checked={item.packed} onChange={() => dispatch({ type: "toggle", index })} />{" "}
              {item.name}
            </label>
          </li>
        ))}
      </ul>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim()) dispatch({ type: "add", name: name.trim() });
          setName("");
        }}
      >
        <label htmlFor={inputId}>Item</label>{" "}
        <input id={inputId} value={name} onChange={(event) => setName(event.target.value)} />{" "}
        <button type="submit" className="pf-v6-c-button pf-m-secondary">
          Add
        </button>
      </form>
    </div>
  );
}
