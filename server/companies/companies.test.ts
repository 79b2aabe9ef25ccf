import { afterAll, beforeAll, expect, it } from "vitest";
import type { CompanyEntry } from "../../contracts/admin.js";
import { makeAdminAndAcme, type MadeUser } from "../test-support/factories.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { insertAgent, insertCompanyWarning } from "../test-support/inserted-records.js";

describeEachEngine("Company Management", (engine) => {
  let t: TestApp;
  let admin: MadeUser;
  let alice: MadeUser;
  let bob: MadeUser;

  beforeAll(async () => {
    t = await startTestApp(engine);
    // Alice signed up first: she is the company's first user.
    ({ admin, alice, bob } = await makeAdminAndAcme(t));
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: "GET", url, headers: { cookie: admin.cookie } });

  it("groups users into companies by trimmed, lower-cased name, with agents, the limit and warnings", async () => {
    await insertAgent(t.deps.db.db, alice.id, "Ava");
    await insertAgent(t.deps.db.db, bob.id, "Max");
    await insertCompanyWarning(t.deps.db.db, "acme corp", "Ava");
    const companies = (await get("/api/admin/companies")).json<CompanyEntry[]>();
    expect(companies.map((c) => c.companyName)).toEqual(["Acme Corp", "Admin House"]);
    const acme = companies[0];
    expect(acme.user).toMatchObject({ id: alice.id, fullName: "Alice Able", email: alice.email, phone: "+1 555 0100" });
    expect(acme.users.map((u) => u.id)).toEqual([alice.id, bob.id]);
    expect(acme.agents.map((a) => a.name)).toEqual(["Ava", "Max"]);
    expect(acme).toMatchObject({ totalAgents: 2, agentLimit: 10 });
    expect(acme.warnings).toEqual([{ agentName: "Ava", timestamp: expect.any(String) }]);
    expect(companies[1]).toMatchObject({ totalAgents: 0, warnings: [], agents: [] });
  });
});
