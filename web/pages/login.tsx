/** /login (spec section 2): email + password; 'Login Failed' toast; success goes to /. */
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { Link, useLocation } from "wouter";
import { LoginSchema, type LoginInput, type User } from "../../contracts/auth";
import { AuthLayout } from "../components/layout/auth-layout";
import { PRODUCT_NAME } from "../components/layout/logo";
import { Button } from "../components/ui/button";
import { Field } from "../components/ui/field";
import { Input } from "../components/ui/input";
import { ApiError, apiRequest, queryClient } from "../lib/api";
import { toast } from "../lib/toast-store";

export function LoginPage() {
  const [, navigate] = useLocation();
  const form = useForm<LoginInput>({ resolver: zodResolver(LoginSchema), defaultValues: { email: "", password: "" } });
  const login = useMutation({
    mutationFn: (input: LoginInput) => apiRequest<User>("POST", "/api/login", input),
    onSuccess: (user) => {
      queryClient.setQueryData(["/api/auth/user"], user);
      navigate("/");
    },
    onError: (error) =>
      toast({
        title: "Login Failed",
        description: (error instanceof ApiError && error.serverMessage) || "Invalid email or password",
        variant: "destructive",
      }),
  });
  const errors = form.formState.errors;

  return (
    <AuthLayout title={`Welcome to ${PRODUCT_NAME}`} subtitle="Sign in to manage your AI agents">
      <form onSubmit={form.handleSubmit((v) => login.mutate(v))} className="space-y-4" noValidate>
        <Field id="email" label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" placeholder="you@company.com" {...form.register("email")} />
        </Field>
        <Field id="password" label="Password" error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...form.register("password")} />
        </Field>
        <Button type="submit" className="w-full" disabled={login.isPending}>
          {login.isPending ? "Signing in..." : "Sign In"}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Don't have an account?{" "}
        <Link href="/signup" className="font-medium text-primary hover:underline">
          Sign up
        </Link>
      </p>
    </AuthLayout>
  );
}
