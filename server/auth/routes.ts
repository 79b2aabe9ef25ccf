/** HTTP for accounts: /api/signup, /api/login, /api/logout, /api/auth/user (spec section 7), /api/auth/password. */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  ChangePasswordSchema,
  LoginSchema,
  MESSAGES,
  SignupResultSchema,
  SignupSchema,
  UserSchema,
} from "../../contracts/auth.js";
import { MessageSchema } from "../../contracts/message.js";
import { REDIRECT } from "../http/openapi.js";
import type { Config } from "../config.js";
import { apiError } from "../http/http-error.js";
import { isForeignNavigation } from "./cross-site-navigation.js";
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE_SECONDS,
  DEVICE_COOKIE_PATH,
  issueDeviceCookie,
} from "./device-cookie.js";
import { changePassword } from "./account-service.js";
import { PUBLIC, SIGNED_IN } from "../http/route-access.js";
import { signedInUser, type Guards } from "./guards.js";
import { logIn, signUp, type AuthDeps } from "./service.js";
import { SESSION_COOKIE } from "../http/route-access.js";
import { createSession, endSession, SESSION_TTL_MS } from "./sessions.js";
import { toUser } from "./user-view.js";
import type { SignInThrottleSettings } from "./login-throttle.js";

export function registerAuthRoutes(app: FastifyInstance, features: AuthDeps & { guards: Guards; config: Config }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps = { ...features, signInThrottle: signInThrottleSettings(features.config) };

  const cookieOptions = {
    httpOnly: true,
    sameSite: "lax",
    // Secure whenever the request came over HTTPS (behind TRUST_PROXY, as the proxy reports it).
    secure: "auto",
  } as const;
  const setSessionCookie = (reply: FastifyReply, value: string, maxAgeMs: number) =>
    reply.setCookie(SESSION_COOKIE, value, { ...cookieOptions, path: "/", maxAge: Math.floor(maxAgeMs / 1000) });
  // Outlives sign-out on purpose: it is what lets this browser in while the account is under attack.
  const setDeviceCookie = (reply: FastifyReply, value: string) =>
    reply.setCookie(DEVICE_COOKIE, value, {
      ...cookieOptions,
      path: DEVICE_COOKIE_PATH,
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    });

  api.post(
    "/api/signup",
    { ...PUBLIC, schema: { body: SignupSchema, response: { 201: SignupResultSchema } } },
    async (request, reply) => {
      const user = await signUp(deps, request.body);
      if (user.approvalStatus !== "approved") {
        return reply.status(201).send({ message: MESSAGES.signedUp, user: toUser(user) });
      }
      // The instance's first administrator has nobody to wait for: signed in at once, as a
      // sign-in would (the password was set a moment ago, in this request).
      const sessionId = await createSession(deps.db, deps.sessionSecret, user.id, deps.clock.now());
      setSessionCookie(reply, sessionId, SESSION_TTL_MS);
      setDeviceCookie(reply, issueDeviceCookie(deps.sessionSecret, user.email));
      return reply.status(201).send({ message: MESSAGES.signedUpOwner, user: toUser(user) });
    },
  );

  api.post(
    "/api/login",
    { ...PUBLIC, schema: { body: LoginSchema, response: { 200: UserSchema } } },
    async (request, reply) => {
      const client = { ip: request.ip, deviceCookie: request.cookies[DEVICE_COOKIE] };
      const { user, sessionId, deviceCookie } = await logIn(deps, request.body, client);
      setSessionCookie(reply, sessionId, SESSION_TTL_MS);
      setDeviceCookie(reply, deviceCookie);
      return toUser(user);
    },
  );

  const logOut = async (cookie: string | undefined, reply: FastifyReply) => {
    if (cookie) await endSession(deps, cookie);
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
  };

  api.post("/api/logout", { ...PUBLIC, schema: { response: { 200: MessageSchema } } }, async (request, reply) => {
    await logOut(request.cookies[SESSION_COOKIE], reply);
    return { message: "Signed out" };
  });

  // The mobile menu navigates here instead of calling POST. Another site could point an
  // <img> here too: such a request goes home and the session stays.
  api.get("/api/logout", { ...PUBLIC, schema: { response: { 302: REDIRECT } } }, async (request, reply) => {
    if (isForeignNavigation(request)) return reply.redirect("/");
    await logOut(request.cookies[SESSION_COOKIE], reply);
    return reply.redirect("/login");
  });

  // The 401 path of agent delete sends the browser here.
  api.get("/api/login", { ...PUBLIC, schema: { response: { 302: REDIRECT } } }, async (_request, reply) =>
    reply.redirect("/login"),
  );

  api.post(
    "/api/auth/password",
    { ...SIGNED_IN, schema: { body: ChangePasswordSchema, response: { 200: MessageSchema } } },
    async (request, reply) => {
      const keep = request.sessionHash;
      if (!keep) throw apiError("UNAUTHORIZED");
      const client = { ip: request.ip, deviceCookie: request.cookies[DEVICE_COOKIE] };
      await changePassword(deps, signedInUser(request), keep, request.body, client);
      return reply.send({ message: MESSAGES.passwordChanged });
    },
  );

  api.get("/api/auth/user", { ...PUBLIC, schema: { response: { 200: UserSchema } } }, async (request) => {
    const user = await deps.guards.resolveUser(request);
    if (!user) throw apiError("UNAUTHORIZED");
    return toUser(user);
  });
}

function signInThrottleSettings(config: Config): SignInThrottleSettings {
  return {
    maxDelaySeconds: config.LOGIN_THROTTLE_MAX_DELAY_SECONDS,
    sharedMaxDelaySeconds: config.LOGIN_THROTTLE_SHARED_MAX_DELAY_SECONDS,
    accountLockFailures: config.LOGIN_ACCOUNT_LOCK_FAILURES,
    accountLockWindowMinutes: config.LOGIN_ACCOUNT_LOCK_WINDOW_MINUTES,
  };
}
