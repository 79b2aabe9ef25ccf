/** HTTP for accounts: /api/signup, /api/login, /api/logout, /api/auth/user (spec section 7). */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { LoginSchema, MESSAGES, SignupSchema } from "../../contracts/auth.js";
import { HttpError } from "../http/http-error.js";
import type { Guards } from "./guards.js";
import { logIn, signUp, type AuthDeps } from "./service.js";
import { deleteSession, SESSION_COOKIE, SESSION_TTL_MS } from "./sessions.js";
import { toUser } from "./user-view.js";

export function registerAuthRoutes(app: FastifyInstance, deps: AuthDeps & { guards: Guards }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const setSessionCookie = (reply: FastifyReply, value: string, maxAgeMs: number) =>
    reply.setCookie(SESSION_COOKIE, value, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      // Secure whenever the request came over HTTPS (behind TRUST_PROXY, as the proxy reports it).
      secure: "auto",
      maxAge: Math.floor(maxAgeMs / 1000),
    });

  api.post("/api/signup", { schema: { body: SignupSchema } }, async (request, reply) => {
    const user = await signUp(deps, request.body);
    const message = user.approvalStatus === "approved" ? MESSAGES.signedUpOwner : MESSAGES.signedUp;
    return reply.status(201).send({ message, user: toUser(user) });
  });

  api.post("/api/login", { schema: { body: LoginSchema } }, async (request, reply) => {
    const { user, sessionId } = await logIn(deps, request.body, request.ip);
    setSessionCookie(reply, sessionId, SESSION_TTL_MS);
    return toUser(user);
  });

  const logOut = async (cookie: string | undefined, reply: FastifyReply) => {
    if (cookie) await deleteSession(deps.db, deps.sessionSecret, cookie);
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
  };

  api.post("/api/logout", async (request, reply) => {
    await logOut(request.cookies[SESSION_COOKIE], reply);
    return { message: "Signed out" };
  });

  // The mobile menu navigates here instead of calling POST.
  api.get("/api/logout", async (request, reply) => {
    await logOut(request.cookies[SESSION_COOKIE], reply);
    return reply.redirect("/login");
  });

  // The 401 path of agent delete sends the browser here.
  api.get("/api/login", async (_request, reply) => reply.redirect("/login"));

  api.get("/api/auth/user", async (request) => {
    const user = await deps.guards.resolveUser(request);
    if (!user) throw new HttpError(401, "Unauthorized");
    return toUser(user);
  });
}
