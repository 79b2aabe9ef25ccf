/**
 * Errors Fastify raises before a route is chosen (an undecodable URL, a path parameter over
 * the router's length limit). Answered in our `{ message }` shape, never echoing the path.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";

const MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: "Malformed URL",
  FST_ERR_MAX_PARAM_LENGTH: "The address is too long",
};

export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.status(error.statusCode ?? 400).send({ message: MESSAGES[error.code] ?? "Bad request" });
}
