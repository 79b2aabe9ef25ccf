/**
 * /account: the signed-in person's own account. Changing the password asks for the current
 * one; the new one is checked with the contracts' schema, as at sign-up, and each error sits
 * beside its field. On success every other session of the person ends (this one stays).
 */
import { useMutation } from "@tanstack/react-query";
import { apiRoute } from "../../contracts/api-routes";
import { CheckCircle2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { ChangePasswordSchema, type ChangePasswordInput } from "../../contracts/auth";
import { PageHeader } from "../components/layout/page-header";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { Field } from "../components/ui/field";
import { Input } from "../components/ui/input";
import { ApiError, apiRequest } from "../lib/api";
import { useAuth } from "../lib/auth";

type PasswordForm = ChangePasswordInput & { confirmPassword: string };
type PasswordErrors = Partial<Record<keyof PasswordForm, string>>;
const EMPTY: PasswordForm = { currentPassword: "", newPassword: "", confirmPassword: "" };

const changePasswordMutation = {
  mutationFn: (input: ChangePasswordInput) => apiRequest(apiRoute("changePassword"), input),
};

function validate(values: PasswordForm): { input?: ChangePasswordInput; errors: PasswordErrors } {
  const errors: PasswordErrors = {};
  const parsed = ChangePasswordSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof PasswordForm;
      errors[field] ??= issue.message;
    }
  }
  if (!errors.newPassword && values.newPassword !== values.confirmPassword) {
    errors.confirmPassword = "Passwords do not match";
  }
  if (!values.confirmPassword) errors.confirmPassword ??= "Please confirm your password";
  return parsed.success && Object.keys(errors).length === 0 ? { input: parsed.data, errors } : { errors };
}

function ChangePasswordCard() {
  const [values, setValues] = useState<PasswordForm>(EMPTY);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [done, setDone] = useState<string | null>(null);
  const change = useMutation(changePasswordMutation);

  const set = (field: keyof PasswordForm, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setDone(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { input, errors: found } = validate(values);
    setErrors(found);
    const first = (["currentPassword", "newPassword", "confirmPassword"] as const).find((f) => found[f]);
    if (first) document.getElementById(first)?.focus();
    if (!input) return;
    change.mutate(input, {
      onSuccess: ({ message }) => {
        setValues(EMPTY);
        setDone(message);
      },
      onError: (error) => {
        const message = (error instanceof ApiError && error.serverMessage) || "Could not change the password";
        // A wrong current password is about that field; anything else (a wait, a new password refused) about the new one.
        const field =
          error instanceof ApiError && /current password/i.test(message) ? "currentPassword" : "newPassword";
        setErrors({ [field]: message });
        document.getElementById(field)?.focus();
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change password</CardTitle>
      </CardHeader>
      <CardContent>
        {done && (
          <div
            role="status"
            className="mb-4 flex gap-2 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-800"
          >
            <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
            <p>{done}</p>
          </div>
        )}
        <form onSubmit={onSubmit} className="max-w-md space-y-4" noValidate>
          <Field id="currentPassword" label="Current password" error={errors.currentPassword}>
            <Input
              type="password"
              autoComplete="current-password"
              value={values.currentPassword}
              onChange={(e) => set("currentPassword", e.target.value)}
            />
          </Field>
          <Field id="newPassword" label="New password" error={errors.newPassword}>
            <Input
              type="password"
              autoComplete="new-password"
              value={values.newPassword}
              onChange={(e) => set("newPassword", e.target.value)}
            />
          </Field>
          <Field id="confirmPassword" label="Confirm new password" error={errors.confirmPassword}>
            <Input
              type="password"
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={(e) => set("confirmPassword", e.target.value)}
            />
          </Field>
          <p className="text-sm text-slate-500">Your other signed-in browsers and devices will be signed out.</p>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? "Changing..." : "Change Password"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

export function AccountPage() {
  const { user } = useAuth();
  return (
    <div className="space-y-6">
      <PageHeader title="Account" description={user ? `${user.fullName} · ${user.email}` : undefined} />
      <ChangePasswordCard />
    </div>
  );
}
