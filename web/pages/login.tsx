/**
 * /login (spec section 2): email + password; 'Login Failed' toast; success goes to /. The
 * failure toast describes a state: a sign-in that succeeds takes it away. The toast leaves after
 * 5 s, so the failure also stays written above the button (and describes both fields for a
 * screen reader) until the next attempt — issue 23: "login failure shown clearly".
 *
 * The fields are checked with the contracts' LoginSchema, the server's own, but the schema (and
 * zod, ~22 kB on the wire) loads only when the visitor starts typing: the login page is a first
 * download and two fields do not need a form library either.
 */
import { useMutation } from "@tanstack/react-query";
import { apiRoute } from "../../contracts/api-routes";
import { useRef, useState, type FormEvent } from "react";
import { Link, useLocation } from "wouter";
import type { LoginInput } from "../../contracts/auth";
import { AuthLayout } from "../components/layout/auth-layout";
import { PRODUCT_NAME } from "../components/layout/logo";
import { Button } from "../components/ui/button";
import { Field } from "../components/ui/field";
import { Input } from "../components/ui/input";
import { ApiError, apiRequest, queryClient } from "../lib/api";
import { toast } from "../lib/toast-store";

type LoginErrors = Partial<Record<keyof LoginInput, string>>;

const loadLoginSchema = () => import("../../contracts/auth").then((module) => module.LoginSchema);

/** The first message per field, as the schema words it; empty when the input is valid. */
async function validateLogin(values: LoginInput): Promise<{ input?: LoginInput; errors: LoginErrors }> {
  const parsed = (await loadLoginSchema()).safeParse(values);
  if (parsed.success) return { input: parsed.data, errors: {} };
  const errors: LoginErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === "email" || field === "password") && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

export function LoginPage() {
  const [, navigate] = useLocation();
  const [values, setValues] = useState<LoginInput>({ email: "", password: "" });
  const [errors, setErrors] = useState<LoginErrors>({});
  // As before with react-hook-form: checked on submit, then again on every change.
  const [submitted, setSubmitted] = useState(false);
  const failureToast = useRef<{ dismiss: () => void } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const login = useMutation({
    mutationFn: (input: LoginInput) => apiRequest(apiRoute("signIn"), input),
    onSuccess: (user) => {
      failureToast.current?.dismiss();
      failureToast.current = null;
      queryClient.setQueryData(["/api/auth/user"], user);
      navigate("/");
    },
    onError: (error) => {
      const reason = (error instanceof ApiError && error.serverMessage) || "Invalid email or password";
      setFailure(reason);
      failureToast.current = toast({ title: "Login Failed", description: reason, variant: "destructive" });
    },
  });

  const change = (field: keyof LoginInput, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) void validateLogin(next).then((result) => setErrors(result.errors));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const { input, errors: found } = await validateLogin(values);
    setErrors(found);
    const firstInvalid = (["email", "password"] as const).find((field) => found[field]);
    if (firstInvalid) document.getElementById(firstInvalid)?.focus();
    if (input) {
      setFailure(null);
      login.mutate(input);
    }
  };

  return (
    <AuthLayout title={`Welcome to ${PRODUCT_NAME}`} subtitle="Sign in to manage your AI agents">
      <form
        onSubmit={(event) => void onSubmit(event)}
        onFocus={() => void loadLoginSchema()}
        className="space-y-4"
        noValidate
      >
        <Field id="email" label="Email" error={errors.email}>
          <Input
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@company.com"
            value={values.email}
            aria-describedby={failure ? "login-failure" : undefined}
            onChange={(event) => change("email", event.target.value)}
          />
        </Field>
        <Field id="password" label="Password" error={errors.password}>
          <Input
            type="password"
            name="password"
            autoComplete="current-password"
            value={values.password}
            aria-describedby={failure ? "login-failure" : undefined}
            onChange={(event) => change("password", event.target.value)}
          />
        </Field>
        {failure && (
          // Not a live region: the toast already announces it; this is what stays to be read.
          <p
            id="login-failure"
            className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
            data-testid="login-failure"
          >
            <span className="font-semibold">Login Failed.</span> {failure}
          </p>
        )}
        <Button type="submit" className="w-full" disabled={login.isPending}>
          {login.isPending ? "Signing in..." : "Sign In"}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Don't have an account?{" "}
        <Link href="/signup" className="font-medium text-primary-ink hover:underline">
          Sign up
        </Link>
      </p>
    </AuthLayout>
  );
}
