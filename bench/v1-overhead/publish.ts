/** What a /v1 client needs, made through the app's own API (bench:v1 and the Python client check). */
import type { BenchUser } from "../chat-overhead/client.js";

/** Publishes the user's agent and makes it an API key: what a /v1 client needs. */
export async function publishWithKey(appUrl: string, user: BenchUser): Promise<{ slug: string; key: string }> {
  const slug = "bench-agent";
  const headers = { "content-type": "application/json", cookie: user.cookie };
  const published = await fetch(`${appUrl}/api/agents/${user.agentId}/publishing`, {
    method: "PUT",
    headers,
    body: JSON.stringify({
      enabled: true,
      slug,
      allowedOrigins: [],
      greeting: "Hi",
      voice: false,
      guestMessagesPerHour: 1000,
    }),
  });
  if (!published.ok) throw new Error(`publishing ${published.status}: ${await published.text()}`);
  const created = await fetch(`${appUrl}/api/agents/${user.agentId}/api-keys`, {
    method: "POST",
    headers,
    body: JSON.stringify({ name: "Bench" }),
  });
  if (created.status !== 201) throw new Error(`api key ${created.status}: ${await created.text()}`);
  return { slug, key: ((await created.json()) as { key: string }).key };
}
