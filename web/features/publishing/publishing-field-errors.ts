/**
 * What is wrong with a publishing draft, field by field: the shared schema
 * (contracts/publishing.ts) checks the draft before it is sent, and the server's refusals land
 * under the field they are about (400 INVALID_INPUT names its `field`; a taken slug and an
 * unknown tool have their own codes).
 */
import { PublishingUpdateSchema, type PublishingUpdate } from "../../../contracts/publishing";
import { ApiError } from "../../lib/api";

export type PublishingField = keyof PublishingUpdate;
export type PublishingFieldErrors = Partial<Record<PublishingField, string>>;

const LABELS: Record<PublishingField, string> = {
  enabled: "Published",
  slug: "Slug",
  allowedOrigins: "Allowed origins",
  greeting: "Greeting",
  voice: "Guest voice",
  guestMessagesPerHour: "Messages per hour",
  themeColor: "Colour",
  themePosition: "Position",
  guestToolIds: "Guest tools",
};

function isPublishingField(key: unknown): key is PublishingField {
  return typeof key === "string" && key in LABELS;
}

/** "guestMessagesPerHour must be at least 1" → "Messages per hour must be at least 1." */
function sentence(field: PublishingField, message: string): string {
  const prefixes = [`${field}: `, field];
  const prefix = prefixes.find((candidate) => message.startsWith(candidate));
  const text =
    prefix === `${field}: `
      ? message.slice(prefix.length)
      : prefix
        ? LABELS[field] + message.slice(field.length)
        : message;
  const capitalised = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

/** The draft's problems, the first one per field, before anything is sent. */
export function publishingFieldErrors(draft: PublishingUpdate): PublishingFieldErrors {
  const parsed = PublishingUpdateSchema.safeParse(draft);
  if (parsed.success) return {};
  const errors: PublishingFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isPublishingField(field) && !errors[field]) errors[field] = sentence(field, issue.message);
  }
  return errors;
}

function bodyField(error: ApiError): unknown {
  try {
    return (JSON.parse(error.body) as { field?: unknown }).field;
  } catch {
    return undefined;
  }
}

/** The server's refusal as a field error, when it is about one of the form's fields. */
export function serverPublishingErrors(error: unknown): PublishingFieldErrors | null {
  if (!(error instanceof ApiError)) return null;
  const message = error.serverMessage ?? "is not valid";
  if (error.code === "SLUG_TAKEN") return { slug: message };
  if (error.code === "GUEST_TOOL_UNKNOWN" || error.code === "GUEST_TOOL_ASKS") {
    return { guestToolIds: sentence("guestToolIds", message) };
  }
  if (error.code !== "INVALID_INPUT") return null;
  const field = bodyField(error);
  const top = typeof field === "string" ? field.split(".")[0] : undefined;
  return isPublishingField(top) ? { [top]: sentence(top, message) } : null;
}
