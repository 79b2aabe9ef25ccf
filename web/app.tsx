/** Providers, the auth gate and the route table (spec section 2). */
import { QueryClientProvider } from "@tanstack/react-query";
import { Route, Switch } from "wouter";
import { AppShell } from "./components/layout/app-shell";
import { ErrorBoundary } from "./components/error-boundary";
import { FullPageSpinner } from "./components/ui/spinner";
import { Toaster } from "./components/ui/toaster";
import { TooltipProvider } from "./components/ui/tooltip";
import { queryClient } from "./lib/api";
import { useAuth } from "./lib/auth";
import { signedInRoutes } from "./routes";
import { LandingPage } from "./pages/landing";
import { LoginPage } from "./pages/login";
import { NotFoundPage } from "./pages/not-found";
import { SignupPage } from "./pages/signup";
import { UnauthorizedRedirect } from "./components/layout/unauthorized-redirect";

export function App() {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider>
          <AppRouter />
          <Toaster />
        </TooltipProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}

function AppRouter() {
  const { isAuthenticated, isLoading } = useAuth();
  if (isLoading) return <FullPageSpinner />;

  if (!isAuthenticated) {
    return (
      <Switch>
        <Route path="/" component={LandingPage} />
        <Route path="/login" component={LoginPage} />
        <Route path="/signup" component={SignupPage} />
        {/* Any other path shows the login page, with the spec's 'Unauthorized' toast and redirect. */}
        <Route>
          <UnauthorizedRedirect />
        </Route>
      </Switch>
    );
  }

  return (
    <Switch>
      <Route path="/login" component={LoginPage} />
      <Route path="/signup" component={SignupPage} />
      <Route>
        <AppShell>
          <Switch>
            {signedInRoutes.map(({ path, component }) => (
              <Route key={path} path={path} component={component} />
            ))}
            <Route component={NotFoundPage} />
          </Switch>
        </AppShell>
      </Route>
    </Switch>
  );
}
