/** Sign-up, login and user payloads (spec sections 3, 5 and 7). */
import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "./limits.js";

const required = (field: string, max = 200) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

export const EmailSchema = z
  .string({ error: "Invalid email address" })
  .trim()
  .toLowerCase()
  .pipe(z.email("Invalid email address").max(254, "Invalid email address"));

export const LoginSchema = z.object({
  email: EmailSchema,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(1000),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const NewPasswordSchema = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(1000, "Password is too long");

/** POST /api/auth/password: the person's own password, changed with the current one. */
export const ChangePasswordSchema = z.object({
  currentPassword: z.string({ error: "Current password is required" }).min(1, "Current password is required").max(1000),
  newPassword: NewPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

export const SignupSchema = z.object({
  email: EmailSchema,
  password: NewPasswordSchema,
  fullName: required("Full name", 120),
  companyName: required("Company name", 120),
  phoneNumber: required("Phone number", 40),
  address: required("Address", 500),
});
export type SignupInput = z.infer<typeof SignupSchema>;

export const APPROVAL_STATUSES = ["pending", "approved", "denied"] as const;
export const ApprovalStatusSchema = z.enum(APPROVAL_STATUSES);
export type ApprovalStatus = z.infer<typeof ApprovalStatusSchema>;

/** A user as the API answers it: never the password hash. */
export const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string(),
  profileImageUrl: z.string().nullable(),
  companyName: z.string(),
  phoneNumber: z.string(),
  address: z.string(),
  isAdmin: z.boolean(),
  isApproved: z.boolean(),
  approvalStatus: ApprovalStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

/** 201 of POST /api/signup: what happens next, in words, and the new account. */
export const SignupResultSchema = z.object({ message: z.string(), user: UserSchema });
export type SignupResult = z.infer<typeof SignupResultSchema>;

export const MESSAGES = {
  pending: "Your account is awaiting administrator approval.",
  denied: "Your account request was denied.",
  badCredentials: "Invalid email or password",
  signedUp: "Your account has been created. Please wait for an administrator to approve it before logging in.",
  /** The first account of an instance is its approved administrator. */
  signedUpOwner: "Your administrator account is ready. You are signed in.",
  duplicateEmail: "An account with this email already exists",
  wrongCurrentPassword: "Current password is incorrect",
  passwordChanged: "Password changed. Your other sessions were signed out.",
} as const;

/** How long to wait, in words: seconds under a minute, else whole minutes rounded up. */
function waitInWords(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, seconds)} ${seconds === 1 ? "second" : "seconds"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

/** The refusal of a throttled sign-in; its Retry-After header carries the same wait in seconds. */
export function signInRetryMessage(retryAfterSeconds: number): string {
  return `Too many failed sign-in attempts. Try again in ${waitInWords(retryAfterSeconds)}.`;
}

/** The refusal while the account-wide lock holds (browsers without the account's device cookie). */
export function accountLockedMessage(retryAfterSeconds: number): string {
  return (
    "This account is locked after a very large number of failed sign-in attempts. " +
    `Sign in from a browser you have used before, ask an administrator to unlock it, or try again in ${waitInWords(retryAfterSeconds)}.`
  );
}
