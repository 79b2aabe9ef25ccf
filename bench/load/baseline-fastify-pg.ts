/**
 * The load benchmark's yardstick: the least a Fastify + pg server can do to answer the app's two
 * hot reads for a signed-in caller. It parses the same cookie, hashes it with the same HMAC,
 * runs the same session → user lookup and the same agent query as named (prepared) statements
 * on a pool of the app's size, and answers the same JSON fields. No cache, no access hooks, no
 * logging, no security headers: whatever the app adds over this is the app's overhead.
 *
 * Env: BENCH_DATABASE_URL, SESSION_SECRET, PORT, HOST (default 127.0.0.1).
 */
import { createHmac } from "node:crypto";
import cookie from "@fastify/cookie";
import Fastify, { type FastifyRequest } from "fastify";
import pg from "pg";

const databaseUrl = process.env.BENCH_DATABASE_URL;
const secret = process.env.SESSION_SECRET;
if (!databaseUrl || !secret) throw new Error("BENCH_DATABASE_URL and SESSION_SECRET are required");

const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
const app = Fastify({ logger: false });
await app.register(cookie);

const SESSION_USER = {
  name: "baseline_session_user",
  text: `select u.id, u.email, u.first_name as "firstName", u.last_name as "lastName", u.full_name as "fullName",
      u.profile_image_url as "profileImageUrl", u.company_name as "companyName", u.phone_number as "phoneNumber",
      u.address, u.is_admin as "isAdmin", u.approval_status as "approvalStatus", u.created_at as "createdAt",
      u.updated_at as "updatedAt"
    from sessions s join users u on u.id = s.user_id
    where s.id_hash = $1 and s.expires_at > $2 limit 1`,
};

const AGENTS_OF_USER = {
  name: "baseline_agents_of_user",
  text: `select id, user_id as "userId", name, description, type, gender, role, speciality, personality,
      communication_style as "communicationStyle", custom_prompt as "customPrompt", voice, is_active as "isActive",
      chats_sent as "chatsSent", calls_sent as "callsSent", emails_sent as "emailsSent", texts_sent as "textsSent",
      social_posts as "socialPosts", supports_call as "supportsCall", supports_email as "supportsEmail",
      supports_text as "supportsText", supports_social as "supportsSocial", created_at as "createdAt",
      updated_at as "updatedAt"
    from agents where user_id = $1 order by created_at desc`,
};

interface SessionUser {
  id: string;
  approvalStatus: string;
  [column: string]: unknown;
}

async function sessionUser(request: FastifyRequest): Promise<SessionUser | null> {
  const id = request.cookies.sid;
  if (!id) return null;
  const idHash = createHmac("sha256", secret ?? "")
    .update(id)
    .digest("base64url");
  const { rows } = await pool.query<SessionUser>({ ...SESSION_USER, values: [idHash, new Date().toISOString()] });
  const user = rows[0];
  return user && user.approvalStatus === "approved" ? user : null;
}

app.get("/api/auth/user", async (request, reply) => {
  const user = await sessionUser(request);
  if (!user) return reply.status(401).send({ message: "Unauthorized" });
  return { ...user, isApproved: true };
});

app.get("/api/agents", async (request, reply) => {
  const user = await sessionUser(request);
  if (!user) return reply.status(401).send({ message: "Unauthorized" });
  const { rows } = await pool.query({ ...AGENTS_OF_USER, values: [user.id] });
  return rows;
});

app.get("/healthz", async () => ({ status: "ok" }));

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? "127.0.0.1" });
process.on("SIGTERM", () => {
  void app.close().then(() => pool.end().then(() => process.exit(0)));
});
