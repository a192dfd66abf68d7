import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ALERT_TIMEOUT, AlertProvider, useAlerts, type Alerts } from "./AlertContext";
import { renderHook } from "@testing-library/react";

let alerts: Alerts;
function Capture({ onAlerts }: { onAlerts: (value: Alerts) => void }) {
  onAlerts(useAlerts());
  return null;
}

describe("alerts", () => {
  beforeEach(() => {
    render(
      <AlertProvider>
        <Capture onAlerts={(value) => (alerts = value)} />
      </AlertProvider>,
    );
  });
  afterEach(() => vi.useRealTimers());

  it("puts the newest alert on top, as last-alert", () => {
    act(() => alerts.addAlert("first"));
    act(() => alerts.addAlert("second", "danger", "why it failed"));
    const group = screen.getByTestId("global-alerts");
    const items = within(group).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("second");
    expect(items[1]).toHaveTextContent("first");
    expect(screen.getByTestId("last-alert")).toHaveTextContent("second");
    expect(screen.getByTestId("last-alert")).toHaveTextContent("why it failed");
    expect(screen.getByTestId("last-alert").className).toMatch(/danger/);
  });

  it("defaults to success", () => {
    act(() => alerts.addAlert("saved"));
    expect(screen.getByTestId("last-alert").className).toMatch(/success/);
  });

  it("closes an alert by its button", async () => {
    act(() => alerts.addAlert("closable"));
    await userEvent.click(screen.getByRole("button", { name: /close/i }));
    expect(screen.queryByText("closable")).toBeNull();
  });

  it("removes each alert when its own timeout passes", () => {
    vi.useFakeTimers();
    act(() => alerts.addAlert("old"));
    act(() => vi.advanceTimersByTime(ALERT_TIMEOUT / 2));
    act(() => alerts.addAlert("new"));
    act(() => vi.advanceTimersByTime(ALERT_TIMEOUT / 2));
    expect(screen.queryByText("old")).toBeNull();
    expect(screen.getByText("new")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(ALERT_TIMEOUT / 2));
    expect(screen.queryByText("new")).toBeNull();
  });

  it("keeps errors and warnings until the user closes them; a success and an info close on their own", async () => {
    vi.useFakeTimers();
    act(() => alerts.addAlert("could not save", "danger"));
    act(() => alerts.addAlert("check this", "warning"));
    act(() => alerts.addAlert("saved", "success"));
    act(() => alerts.addAlert("for your information", "info"));
    act(() => vi.advanceTimersByTime(ALERT_TIMEOUT * 10));
    expect(screen.queryByText("saved")).toBeNull();
    expect(screen.queryByText("for your information")).toBeNull();
    expect(screen.getByText("could not save")).toBeInTheDocument();
    expect(screen.getByText("check this")).toBeInTheDocument();
    vi.useRealTimers();
    const error = screen.getByText("could not save").closest("li")!;
    await userEvent.click(within(error).getByRole("button", { name: /close/i }));
    expect(screen.queryByText("could not save")).toBeNull();
    expect(screen.getByText("check this")).toBeInTheDocument();
  });

  it("turns a failed call into a danger alert with the server's description", () => {
    act(() =>
      alerts.addError("Could not save: {{error}}", Object.assign(new Error("Conflict"), { description: "Taken" })),
    );
    expect(screen.getByTestId("last-alert")).toHaveTextContent("Could not save: Conflict");
    expect(screen.getByTestId("last-alert")).toHaveTextContent("Taken");
  });
});

describe("useAlerts outside its provider", () => {
  it("throws an error naming the provider", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => renderHook(() => useAlerts())).toThrow("useAlerts must be used inside <AlertProvider>.");
  });
});
