/**
 * Which of our pre-compressed encodings a request's Accept-Encoding allows, preferring brotli,
 * as @fastify/static chooses for the build's files (`*` counts as gzip there, so it does here).
 */
export type PreCompressedEncoding = "br" | "gzip";

export function preferredEncoding(acceptEncoding: string | undefined): PreCompressedEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const quality = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [token, ...params] = part.split(";").map((piece) => piece.trim());
    if (!token) continue;
    const q = params.find((param) => param.startsWith("q="));
    const value = q ? Number(q.slice(2)) : 1;
    const name = token === "*" ? "gzip" : token;
    // A named encoding's own quality outranks the wildcard's, whichever comes first.
    if (token === "*" && quality.has(name)) continue;
    quality.set(name, Number.isFinite(value) ? value : 0);
  }
  const br = quality.get("br") ?? 0;
  const gzip = quality.get("gzip") ?? 0;
  if (br > 0 && br >= gzip) return "br";
  if (gzip > 0) return "gzip";
  return undefined;
}
