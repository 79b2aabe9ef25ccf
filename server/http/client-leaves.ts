/** The signal every long answer (a chat stream, a voice turn, speech) passes down so its providers stop when the client goes. */
import type { FastifyReply, FastifyRequest } from "fastify";

/** Aborted when the connection closes before the answer was fully written: the client left. */
export function abortWhenClientLeaves(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) controller.abort(new Error(`client left ${request.url}`));
  });
  return controller.signal;
}
