/**
 * Cuts credentials out of text that came back from a provider (issue 22, finding 8: a server that
 * echoes the request's `Authorization` header in its error body put `LLM_API_KEY` into the log).
 * Provider error bodies reach the log, the stored failure and sometimes the person's screen, so
 * every such text goes through `redactCredentials` first: the keys this process was configured
 * with, wherever they appear, and anything shaped like a credential (a bearer token, an `sk-…`
 * key, `api_key=…`). The logger applies the same cut to every error it writes.
 */

const REDACTED = "[redacted]";
/** Shorter configured values are not cut: "ollama" or "local" would blank out ordinary words. */
const MIN_SECRET_CHARS = 8;
const CREDENTIAL_SHAPES: [RegExp, string][] = [
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{4,}/gi, `$1 ${REDACTED}`],
  [/\b(?:sk|pk|rk|gsk|xai|key)-[A-Za-z0-9_-]{6,}/g, REDACTED],
  [
    /\b((?:api[_-]?key|access[_-]?token|token|secret|password|authorization)["']?\s*[:=]\s*["']?)[^\s"',;}]+/gi,
    `$1${REDACTED}`,
  ],
];
/** Error text beyond this is a proxy's page, not a message. */
const MAX_PROVIDER_TEXT_CHARS = 500;

const configuredSecrets = new Set<string>();

/** Remembers a key this process sends to a provider, so that no text that quotes it is passed on. */
export function rememberSecret(secret: string | undefined): void {
  if (secret && secret.length >= MIN_SECRET_CHARS) configuredSecrets.add(secret);
}

export function redactCredentials(text: string): string {
  let redacted = text;
  for (const secret of configuredSecrets) redacted = redacted.split(secret).join(REDACTED);
  for (const [shape, replacement] of CREDENTIAL_SHAPES) redacted = redacted.replace(shape, replacement);
  return redacted;
}

/** A provider's own error message, fit to log and store: credentials cut, length bounded. */
export function providerErrorText(text: string): string {
  const redacted = redactCredentials(text);
  return redacted.length > MAX_PROVIDER_TEXT_CHARS ? `${redacted.slice(0, MAX_PROVIDER_TEXT_CHARS)}…` : redacted;
}
