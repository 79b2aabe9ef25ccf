/** /api/admin/users… (spec section 7): managing users. Admin only: signed-out 401, others 403. */
import { ADMIN_ONLY } from "../http/route-access.js";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AdminUsersQuerySchema,
  ApproveUserSchema,
  DeleteUserResultSchema,
  DeleteUserSchema,
  ResetPasswordSchema,
  SetAdminSchema,
  TOTAL_COUNT_HEADER,
  UnlockSignInResultSchema,
  UserDeletionPlanSchema,
} from "../../contracts/admin.js";
import { UserSchema } from "../../contracts/auth.js";
import { MessageSchema } from "../../contracts/message.js";
import { signedInUser } from "../auth/guards.js";
import { toUser } from "../auth/user-view.js";
import { deleteUser, userDeletionPlan } from "./deletion.js";
import { getUser, listUsers, resetPassword, setAdmin, setApproval, unlockSignIn } from "./service.js";
import type { DataDeps } from "../feature-deps.js";
import { IdParams } from "../http/ids.js";

export function registerUserRoutes(app: FastifyInstance, deps: DataDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/api/admin/users",
    { ...ADMIN_ONLY, schema: { querystring: AdminUsersQuerySchema, response: { 200: z.array(UserSchema) } } },
    async (request, reply) => {
      const { users, total } = await listUsers(deps, request.query);
      // The spec's client reads a plain list; the total rides in a header for paging.
      return reply.header(TOTAL_COUNT_HEADER, String(total)).send(users);
    },
  );

  api.get(
    "/api/admin/users/:id",
    { ...ADMIN_ONLY, schema: { params: IdParams, response: { 200: UserSchema } } },
    async (request) => toUser(await getUser(deps, request.params.id)),
  );

  api.post(
    "/api/admin/users/:id/approve",
    { ...ADMIN_ONLY, schema: { params: IdParams, body: ApproveUserSchema, response: { 200: UserSchema } } },
    async (request) => setApproval(deps, signedInUser(request), request.params.id, request.body.approved),
  );

  api.post(
    "/api/admin/users/:id/reset-password",
    { ...ADMIN_ONLY, schema: { params: IdParams, body: ResetPasswordSchema, response: { 200: MessageSchema } } },
    async (request) => {
      await resetPassword(
        deps,
        signedInUser(request),
        request.sessionHash,
        request.params.id,
        request.body.newPassword,
      );
      return { message: "Password reset" };
    },
  );

  api.post(
    "/api/admin/users/:id/unlock",
    { ...ADMIN_ONLY, schema: { params: IdParams, response: { 200: UnlockSignInResultSchema } } },
    async (request) => unlockSignIn(deps, signedInUser(request), request.params.id),
  );

  api.post(
    "/api/admin/users/:id/admin",
    { ...ADMIN_ONLY, schema: { params: IdParams, body: SetAdminSchema, response: { 200: UserSchema } } },
    async (request) => setAdmin(deps, signedInUser(request), request.params.id, request.body.isAdmin),
  );

  api.get(
    "/api/admin/users/:id/deletion",
    { ...ADMIN_ONLY, schema: { params: IdParams, response: { 200: UserDeletionPlanSchema } } },
    async (request) => userDeletionPlan(deps, request.params.id),
  );

  api.delete(
    "/api/admin/users/:id",
    { ...ADMIN_ONLY, schema: { params: IdParams, body: DeleteUserSchema, response: { 200: DeleteUserResultSchema } } },
    async (request) => deleteUser(deps, signedInUser(request), request.params.id, request.body),
  );
}
