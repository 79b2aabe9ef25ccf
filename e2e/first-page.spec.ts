import { expect, test } from "./support/journey-test";
import { OWNER } from "./support/accounts";
import { signInThroughUi } from "./support/journeys";

// With a session cookie the server names the signed-in frame's and the page's chunks in the page,
// and the app starts the page's data before the session check answers (server/http/
// signed-in-document.ts, web/app.tsx); the check still decides what is shown.

test("a visitor whose session cookie is no longer valid still gets the signed-out pages", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: "sid", value: "a-session-that-ended", url: baseURL }]);
  const response = await page.goto("/");
  expect(await response?.text()).toContain('<meta name="session-cookie"');
  await expect(
    page.getByRole("heading", { level: 1, name: "Build AI agents that talk to your customers" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();

  await page.goto("/agents");
  await expect(page.getByText("Unauthorized", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("a signed-in owner who reloads the dashboard gets the frame's and the page's chunks named in the page", async ({
  page,
}) => {
  await signInThroughUi(page, OWNER.email, OWNER.password);
  const response = await page.goto("/");
  const html = (await response?.text()) ?? "";
  for (const chunk of ["signed-in-app", "dashboard"]) {
    expect(html).toMatch(new RegExp(`<link rel="modulepreload" crossorigin href="/assets/${chunk}-[^"]+\\.js">`));
  }
  await expect(page.getByRole("heading", { level: 1, name: /Welcome back/ })).toBeVisible();
});
