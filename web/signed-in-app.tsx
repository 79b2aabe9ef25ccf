/**
 * Everything only a signed-in user loads: the frame (sidebar, menus; the admin live channel and
 * the report form load on demand) and the signed-in route table, each page its own chunk
 * (web/routes.ts). Tooltips come with the chat page, the only screen that has one. web/app.tsx loads this module once the session check says
 * signed in, so landing, login and sign-up never download it.
 */
import { Route, Switch } from "wouter";
import { Suspense } from "react";
import { AppShell } from "./components/layout/app-shell";
import { Spinner } from "./components/ui/spinner";
import { notFoundPage, signedInRoutes } from "./routes";

export function SignedInApp() {
  return (
    <AppShell>
      {/* Inside the frame, so moving between pages keeps the sidebar on screen. */}
      <Suspense fallback={<PageSpinner />}>
        <Switch>
          {signedInRoutes.map(({ path, component }) => (
            <Route key={path} path={path} component={component} />
          ))}
          <Route component={notFoundPage.component} />
        </Switch>
      </Suspense>
    </AppShell>
  );
}

function PageSpinner() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <Spinner className="size-8" />
    </div>
  );
}
