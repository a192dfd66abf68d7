import { demoLike } from "./support/admin";
import { accountUrl, expect, test } from "./support/test";

const REALM = "e2e-startup-failure";

test.use({ realms: { [REALM]: demoLike() } });

test("when the app's code cannot load, the error dialog replaces the spinner, and Try again starts afresh", async ({
  openConsole,
}) => {
  const page = await openConsole(REALM);
  await expect(page.locator("input#email")).toHaveValue("alice@example.org");

  // The app's start is in the shell chunk, loaded by the entry: as if a deploy had replaced it, or the network dropped.
  await page.route("**/assets/shell-*.js", (route) => route.abort("failed"));
  await page.goto(accountUrl(REALM));

  const dialog = page.getByRole("alertdialog", { name: "Something went wrong" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("error-message")).not.toBeEmpty();
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Try again" })).toBeFocused();

  await page.unroute("**/assets/shell-*.js");
  await dialog.getByRole("button", { name: "Try again" }).click();
  await expect(page.locator("input#email")).toHaveValue("alice@example.org");
});
