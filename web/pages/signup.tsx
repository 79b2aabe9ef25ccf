/**
 * /signup (spec section 2): all fields required; on success the form clears and says to wait
 * for approval, except for the instance's first account: its administrator is signed in by the
 * sign-up itself and goes straight to the dashboard.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { apiRoute } from "../../contracts/api-routes";
import { useMutation } from "@tanstack/react-query";
import { CheckCircle2 } from "lucide-react";
import { useForm } from "react-hook-form";
import { Link, useLocation } from "wouter";
import { z } from "zod";
import { MESSAGES, SignupSchema, type SignupInput } from "../../contracts/auth";
import { AuthLayout } from "../components/layout/auth-layout";
import { Button } from "../components/ui/button";
import { Field } from "../components/ui/field";
import { Input, Textarea } from "../components/ui/input";
import { ApiError, apiRequest, queryClient } from "../lib/api";
import { toast } from "../lib/toast-store";

const SignupFormSchema = SignupSchema.extend({
  confirmPassword: z.string().min(1, "Please confirm your password"),
}).refine((v) => v.password === v.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });
type SignupForm = z.input<typeof SignupFormSchema>;

const empty: SignupForm = {
  fullName: "",
  email: "",
  password: "",
  confirmPassword: "",
  companyName: "",
  phoneNumber: "",
  address: "",
};

export function SignupPage() {
  const [, navigate] = useLocation();
  const form = useForm<SignupForm>({ resolver: zodResolver(SignupFormSchema), defaultValues: empty });
  const signup = useMutation({
    mutationFn: (input: SignupInput) => apiRequest(apiRoute("signUp"), input),
    onSuccess: ({ message, user }) => {
      form.reset(empty);
      toast({ title: "Success!", description: message });
      if (user.isApproved) {
        // The owner's sign-up set the session cookie: they are in.
        queryClient.setQueryData(["/api/auth/user"], user);
        navigate("/");
      }
    },
    onError: (error) =>
      toast({
        title: "Error",
        description: (error instanceof ApiError && error.serverMessage) || "Failed to create account",
        variant: "destructive",
      }),
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(({ confirmPassword: _confirm, ...input }) => signup.mutate(input as SignupInput));

  return (
    <AuthLayout title="Create your account" subtitle="New accounts are reviewed by an administrator">
      {signup.isSuccess && (
        <div
          role="status"
          className="mb-5 flex gap-2 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-800"
        >
          <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>{signup.data?.message ?? MESSAGES.signedUp}</p>
        </div>
      )}
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <Field id="fullName" label="Full name" error={errors.fullName?.message}>
          <Input autoComplete="name" {...form.register("fullName")} />
        </Field>
        <Field id="email" label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register("email")} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="password" label="Password" error={errors.password?.message}>
            <Input type="password" autoComplete="new-password" {...form.register("password")} />
          </Field>
          <Field id="confirmPassword" label="Confirm password" error={errors.confirmPassword?.message}>
            <Input type="password" autoComplete="new-password" {...form.register("confirmPassword")} />
          </Field>
        </div>
        <Field id="companyName" label="Company name" error={errors.companyName?.message}>
          <Input autoComplete="organization" {...form.register("companyName")} />
        </Field>
        <Field id="phoneNumber" label="Phone number" error={errors.phoneNumber?.message}>
          <Input type="tel" autoComplete="tel" {...form.register("phoneNumber")} />
        </Field>
        <Field id="address" label="Address" error={errors.address?.message}>
          <Textarea rows={3} autoComplete="street-address" {...form.register("address")} />
        </Field>
        <Button type="submit" className="w-full" disabled={signup.isPending}>
          {signup.isPending ? "Creating account..." : "Create Account"}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Already have an account?{" "}
        <Link href="/login" className="font-medium text-primary-ink hover:underline">
          Sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
