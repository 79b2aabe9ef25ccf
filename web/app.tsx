/**
 * Providers, the auth gate and the signed-out routes (spec section 2).
 *
 * Only what every visitor needs is in the first download: React, the query client, the router,
 * toasts and the session check. Each page is its own chunk (web/routes.ts) and the signed-in
 * frame with its route table is another (web/signed-in-app.tsx), so landing, login and sign-up
 * never load the signed-in app.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useEffect } from "react";
import { matchRoute, Route, Switch, useLocation, useRouter } from "wouter";
import { ErrorBoundary } from "./components/error-boundary";
import { FullPageSpinner } from "./components/ui/spinner";
import { Toaster } from "./components/ui/toaster";
import { queryClient } from "./lib/api";
import { useAuth } from "./lib/auth";
import { notFoundPage, signedInRoutes, signedOutPages, signedOutRoutes, type PageRoute } from "./routes";

const loadSignedInApp = () => import("./signed-in-app").then((module) => ({ default: module.SignedInApp }));
const SignedInApp = lazy(loadSignedInApp);
// It shows the login page, so it shares the login page's chunk.
const UnauthorizedRedirect = lazy(() =>
  import("./components/layout/unauthorized-redirect").then((module) => ({ default: module.UnauthorizedRedirect })),
);

export function App() {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <AppRouter />
        <Toaster />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}

function AppRouter() {
  const { isAuthenticated, isLoading } = useAuth();
  useChunkPreloads(isLoading, isAuthenticated);
  if (isLoading) return <FullPageSpinner />;

  const { login, signup } = signedOutPages;
  if (!isAuthenticated) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <Switch>
          {signedOutRoutes.map(({ path, component }) => (
            <Route key={path} path={path} component={component} />
          ))}
          {/* Any other path shows the login page, with the spec's 'Unauthorized' toast and redirect. */}
          <Route>
            <UnauthorizedRedirect />
          </Route>
        </Switch>
      </Suspense>
    );
  }

  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Switch>
        <Route path="/login" component={login.component} />
        <Route path="/signup" component={signup.component} />
        <Route>
          <SignedInApp />
        </Route>
      </Switch>
    </Suspense>
  );
}

/**
 * Whether the page came with a session cookie: the server then names the signed-in frame's and
 * this page's chunks in index.html, so they are already downloading (server/http/
 * signed-in-document.ts), and marks it. The visitor is probably signed in; only the session
 * check says so for sure.
 */
const sessionCookieSent = () => document.querySelector('meta[name="session-cookie"]') !== null;

/**
 * Starts page chunks and data before React asks for them, so their downloads overlap instead of
 * queueing. While the session check is in flight: with a session cookie, the signed-in app, its
 * page and the page's first data requests (a stale cookie costs those requests a 401 each, and the
 * check then shows the signed-out page); without one, the signed-out page at this path. Once
 * signed in, the same signed-in set (joined if already started: the page only renders inside the
 * signed-in app, so React alone would fetch one after the other). Signed-in pages are never
 * fetched for a visitor without a session cookie: that would undo the split for first visits.
 */
function useChunkPreloads(isLoading: boolean, isAuthenticated: boolean) {
  const [location] = useLocation();
  const { parser } = useRouter();
  useEffect(() => {
    const matches = (route: PageRoute) => matchRoute(parser, route.path, location)[0];
    const signedOutPage = signedOutRoutes.find(matches);
    // Signed in, "/" is the dashboard; the login and sign-up pages show either way.
    const showsSignedInPage = !signedOutPage || signedOutPage.path === "/";
    const page = signedInRoutes.find(matches);
    const loadSignedInPage = () => {
      void loadSignedInApp();
      void (page ?? notFoundPage).load();
      if (page?.prefetch) page.prefetch(queryClient, matchRoute(parser, page.path, location)[1] ?? {});
    };
    if (isLoading) {
      if (showsSignedInPage && sessionCookieSent()) loadSignedInPage();
      else void signedOutPage?.load();
    } else if (isAuthenticated && showsSignedInPage) {
      loadSignedInPage();
    }
  }, [isLoading, isAuthenticated, location, parser]);
}
