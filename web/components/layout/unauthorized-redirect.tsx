/** Spec section 4: a visitor on a signed-in screen sees 'Unauthorized' and lands on /login after 500 ms. */
import { useEffect } from "react";
import { useLocation } from "wouter";
import { toast } from "../../lib/toast-store";
import { LoginPage } from "../../pages/login";

export const UNAUTHORIZED_REDIRECT_MS = 500;

export function UnauthorizedRedirect() {
  const [, navigate] = useLocation();
  useEffect(() => {
    toast({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" });
    const timer = setTimeout(() => navigate("/login", { replace: true }), UNAUTHORIZED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return <LoginPage />;
}
