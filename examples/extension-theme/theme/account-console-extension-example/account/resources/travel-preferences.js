// A content page of the example extension theme: plain ES module, no build step, no React of its own.
// The console renders the default export as a React component and hands it, as props, its own React, the page's
// menu item, the environment, t() for texts and request() for Account REST calls as the signed-in user.
export default function TravelPreferences({ React, t, request }) {
  const h = React.createElement;
  const [seat, setSeat] = React.useState("window");
  const [saved, setSaved] = React.useState("");
  const [user, setUser] = React.useState();

  React.useEffect(() => {
    let current = true;
    request("/").then(
      (account) => current && setUser(account),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [request]);

  const option = (value, label) =>
    h(
      "label",
      { key: value, style: { marginInlineEnd: "1rem" } },
      h("input", {
        type: "radio",
        name: "seat",
        value,
        checked: seat === value,
        onChange: () => setSeat(value),
      }),
      " ",
      label,
    );

  return h(
    "form",
    {
      "data-testid": "travel-preferences",
      onSubmit: (event) => {
        event.preventDefault();
        setSaved(t("travelSaved", { seat: t(seat === "window" ? "travelWindow" : "travelAisle") }));
      },
    },
    h("p", null, t("travelPreferencesIntro")),
    user && h("p", { "data-testid": "travel-user" }, user.username),
    h("fieldset", { style: { border: 0, padding: 0, margin: "1rem 0" } }, h("legend", null, t("travelSeat")), [
      option("window", t("travelWindow")),
      option("aisle", t("travelAisle")),
    ]),
    h("button", { type: "submit", className: "pf-v6-c-button pf-m-primary" }, t("save")),
    saved && h("p", { role: "status", "data-testid": "travel-saved", style: { marginTop: "1rem" } }, saved),
  );
}
