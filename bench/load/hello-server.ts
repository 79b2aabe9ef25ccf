/**
 * The load benchmark's ceiling: raw `node:http` answering a fixed JSON body, no database. What
 * this machine, this client and Node's HTTP stack can do at all. Env: PORT, HOST.
 */
import { createServer } from "node:http";

const body = JSON.stringify({ hello: "world" });
const server = createServer((_request, response) => {
  response.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": body.length });
  response.end(body);
});
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? "127.0.0.1");
process.on("SIGTERM", () => server.close(() => process.exit(0)));
