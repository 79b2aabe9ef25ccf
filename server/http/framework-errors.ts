/**
 * Errors Fastify raises before a route is chosen (an undecodable URL, a path parameter over
 * the router's length limit). Answered in our `{ message }` shape, never echoing the path.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { errorBody } from "../../contracts/errors.js";

export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const body =
    error.code === "FST_ERR_BAD_URL"
      ? errorBody("MALFORMED_URL")
      : error.code === "FST_ERR_MAX_PARAM_LENGTH"
        ? errorBody("URL_TOO_LONG")
        : errorBody("BAD_REQUEST", { message: "Bad request" });
  void reply.status(error.statusCode ?? 400).send(body);
}
