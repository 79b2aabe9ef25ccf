/**
 * Fair extraction through HTTP on both engines (issue 22, finding 3): one person flooding the
 * readers with long files does not hold up another company's paste, can see where each file
 * is in the queue, and is answered 429 past their cap before anything is read. Ordering is
 * asserted by which answers have arrived, never by time.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  KNOWLEDGE_UPLOAD_ID_HEADER,
  type KnowledgeDocument,
  type KnowledgeUploadProgress,
} from "../../contracts/knowledge.js";
import { makeAgent } from "../chat/chat-test-support.js";
import { makeUser, type MadeUser } from "../test-support/factories.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { buildLongPdf } from "./extract/document-fixtures.js";
import { multipartBody } from "./knowledge-test-support.js";
import { errorBody } from "../../contracts/errors.js";

const FLOOD = 4;

describeEachEngine("fair knowledge extraction", (engine) => {
  let t: TestApp;
  let flooder: MadeUser;
  let other: MadeUser;

  beforeAll(async () => {
    t = await startTestApp(engine, { env: { KNOWLEDGE_UPLOADS_PER_USER: String(FLOOD) } });
    flooder = await makeUser(t, { companyName: "Flood Ltd" });
    other = await makeUser(t, { companyName: "Quiet Ltd" });
  });
  afterAll(() => t.close());

  const upload = (user: MadeUser, agentId: string, bytes: Uint8Array, uploadId: string) => {
    const { body, contentType } = multipartBody({ fileName: "manual.pdf", bytes });
    return t.app.inject({
      method: "POST",
      url: `/api/agents/${agentId}/knowledge`,
      headers: { cookie: user.cookie, "content-type": contentType, [KNOWLEDGE_UPLOAD_ID_HEADER]: uploadId },
      payload: body,
    });
  };
  const progressOf = async (user: MadeUser): Promise<KnowledgeUploadProgress[]> => {
    const res = await t.app.inject({ method: "GET", url: "/api/knowledge/uploads", headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  // Four 120-page PDFs read one after another: past 120 s at load average 40 on two cores.
  it(
    "another company's paste is read while one person's long files still wait, and the flooder sees the queue",
    {
      timeout: 600_000,
    },
    async () => {
      const floodAgent = await makeAgent(t, flooder, { name: "Flooded" });
      const quietAgent = await makeAgent(t, other, { name: "Quiet" });
      const manual = await buildLongPdf(120);
      const ids = Array.from({ length: FLOOD }, () => randomUUID());
      const answered: string[] = [];
      const flood = ids.map((id) =>
        upload(flooder, floodAgent, manual, id).then((res) => {
          answered.push(id);
          return res;
        }),
      );

      // Wait (by asking, not by sleeping) until the first file is being read and the rest wait behind it.
      let progress = await progressOf(flooder);
      while (!(progress.length === FLOOD && progress.some((entry) => entry.reading)))
        progress = await new Promise<KnowledgeUploadProgress[]>((resolve) =>
          setImmediate(() => resolve(progressOf(flooder))),
        );
      expect(progress.map(({ filesAhead, reading }) => ({ filesAhead, reading }))).toEqual([
        { filesAhead: 0, reading: true },
        { filesAhead: 0, reading: false },
        { filesAhead: 1, reading: false },
        { filesAhead: 2, reading: false },
      ]);
      expect(new Set(progress.map((entry) => entry.uploadId))).toEqual(new Set(ids));
      // Other people see none of it.
      expect(await progressOf(other)).toEqual([]);

      // One more from the flooder is refused before anything is read.
      const refused = await upload(flooder, floodAgent, manual, randomUUID());
      expect([refused.statusCode, refused.json<{ message: string }>().message]).toEqual([
        429,
        errorBody("TOO_MANY_UPLOADS", { limit: FLOOD }).message,
      ]);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);

      const pasted = await t.app.inject({
        method: "POST",
        url: `/api/agents/${quietAgent}/knowledge`,
        headers: { cookie: other.cookie },
        payload: { title: "Hours", text: "We open at nine." },
      });
      expect(pasted.statusCode).toBe(201);
      expect(pasted.json<KnowledgeDocument>().status).toBe("ready");
      // The paste was answered while most of the flood still waited.
      expect(answered.length).toBeLessThan(FLOOD - 1);

      const results = await Promise.all(flood);
      expect(results.map((res) => res.statusCode)).toEqual(Array(FLOOD).fill(201));
      expect(await progressOf(flooder)).toEqual([]);
    },
  );
});
