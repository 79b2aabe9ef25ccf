/**
 * A company's knowledge storage, set on Company Management (issue 21): the admin gives a
 * company N MB (or no limit), the change is audited, and its members' uploads past it are
 * refused with 413 while the documents they hold stay. Both engines, through HTTP.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { makeAgent } from "../chat/chat-test-support.js";
import { pasteText } from "../knowledge/knowledge-test-support.js";
import { makeUser, type MadeUser } from "../test-support/factories.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { companyOf, patchCompany } from "../usage/usage-test-support.js";

/** About 0.6 MB of plain text: two fit in 1 MB, a third does not. */
const sixHundredKilobytes = (word: string) => `${word} `.repeat(Math.ceil((600 * 1024) / (word.length + 1)));

describeEachEngine("company knowledge storage", (engine) => {
  let t: TestApp;
  let admin: MadeUser;
  let member: MadeUser;

  beforeAll(async () => {
    t = await startTestApp(engine);
    admin = await makeUser(t, { admin: true, companyName: "Admin House" });
    member = await makeUser(t, { companyName: "Paper Mill" });
  });
  afterAll(() => t.close());

  it("is set and cleared by an admin, audited, and refuses uploads past it", async () => {
    const company = await companyOf(t, admin, "Paper Mill");
    expect(company.knowledgeMegabytes).toBeNull();
    const agentId = await makeAgent(t, member, { name: "Archivist" });
    expect((await pasteText(t, member, agentId, "Reams", sixHundredKilobytes("reams"))).statusCode).toBe(201);

    const set = await patchCompany(t, admin, company.id, { knowledgeMegabytes: 1 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ id: company.id, knowledgeMegabytes: 1 });
    expect((await companyOf(t, admin, "Paper Mill")).knowledgeMegabytes).toBe(1);

    const refused = await pasteText(t, member, agentId, "Sheets", sixHundredKilobytes("sheets"));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({
      code: "STORAGE_FULL",
      message: "Your company's knowledge storage (1 MB) is full. Delete documents or ask an administrator for more.",
    });

    const audit = await t.app.inject({
      url: "/api/admin/audit?action=company.knowledge_storage",
      headers: { cookie: admin.cookie },
    });
    expect(audit.json()).toMatchObject({
      total: 1,
      entries: [
        {
          action: "company.knowledge_storage",
          targetId: company.id,
          detail: { companyName: "Paper Mill", from: null, to: 1 },
        },
      ],
    });

    expect((await patchCompany(t, admin, company.id, { knowledgeMegabytes: null })).statusCode).toBe(200);
    expect((await pasteText(t, member, agentId, "Sheets", sixHundredKilobytes("sheets"))).statusCode).toBe(201);
    // Saving the same value again changes nothing and records nothing.
    expect((await patchCompany(t, admin, company.id, { knowledgeMegabytes: null })).statusCode).toBe(200);
    const after = await t.app.inject({
      url: "/api/admin/audit?action=company.knowledge_storage",
      headers: { cookie: admin.cookie },
    });
    expect(after.json()).toMatchObject({ total: 2 });
  });

  it("refuses a storage that is not a whole number of megabytes from 0 up", async () => {
    const company = await companyOf(t, admin, "Paper Mill");
    for (const knowledgeMegabytes of [-1, 1.5, "10", 1_000_001]) {
      const res = await patchCompany(t, admin, company.id, { knowledgeMegabytes });
      expect(res.statusCode, String(knowledgeMegabytes)).toBe(400);
      expect((res.json() as { message: string }).message).toMatch(/knowledgeMegabytes/);
    }
    expect((await patchCompany(t, member, company.id, { knowledgeMegabytes: 5 })).statusCode).toBe(403);
  });
});
