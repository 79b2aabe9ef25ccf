/**
 * A signed-in browser's calls against a server listening on a real port, for tests that run
 * the server as its own process. Each call opens a new connection (`connection: close`), so
 * behind a cluster consecutive calls are spread over its workers.
 */
export interface Answer {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
}

export async function call(
  base: string,
  method: string,
  path: string,
  options: { cookie?: string; json?: unknown; form?: FormData; accept?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { connection: "close" };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.accept) headers.accept = options.accept;
  let body: string | FormData | undefined;
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }
  const res = await fetch(base + path, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: a page or an event stream; the text is there.
  }
  return { status: res.status, body: parsed, text, headers: res.headers };
}

let nextUser = 1;

export interface SignedUpUser {
  id: string;
  email: string;
  password: string;
}

/** Signs a user up; the first account of a database is its approved administrator, later ones wait. */
export async function signUp(base: string, label = "user"): Promise<SignedUpUser> {
  const email = `${label}${nextUser++}-${Date.now()}@example.com`;
  const password = "a-good-long-password";
  const res = await call(base, "POST", "/api/signup", {
    json: {
      email,
      password,
      fullName: "Runtime Tester",
      companyName: `Company of ${email}`,
      phoneNumber: "+1 555 0100",
      address: "1 Loopback Road",
    },
  });
  if (res.status !== 201) throw new Error(`signup ${res.status}: ${res.text}`);
  return { id: (res.body as { user: { id: string } }).user.id, email, password };
}

/** Signs in and returns the `Cookie` header value of the new session. */
export async function signIn(base: string, user: SignedUpUser): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", connection: "close" },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  await res.text();
  const cookie = (res.headers.getSetCookie().find((c) => c.startsWith("sid=")) ?? "").split(";")[0];
  if (res.status !== 200 || !cookie) throw new Error(`login ${res.status} for ${user.email}`);
  return cookie;
}
