/** Agents shared with the owner's company: who sees them, who chats, who changes them, and transfers. */
import { afterAll, beforeAll, expect, it } from "vitest";
import { conversationsOf, makeAgent, postChat } from "../chat/chat-test-support.js";
import { makeOwner, makeUser, type MadeUser } from "../test-support/factories.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";

describeEachEngine("agents shared with a company", (engine) => {
  let t: TestApp;
  let admin: MadeUser;
  let owner: MadeUser;
  let colleague: MadeUser;
  let stranger: MadeUser;
  beforeAll(async () => {
    t = await startTestApp(engine);
    admin = await makeOwner(t, { companyName: "Acme" });
    // Companies are matched by name, trimmed and case-insensitively.
    owner = await makeUser(t, { admin: false, companyName: "Acme", fullName: "Olive Owner" });
    colleague = await makeUser(t, { admin: false, companyName: " acme " });
    stranger = await makeUser(t, { admin: false, companyName: "Globex" });
  });
  afterAll(() => t.close());

  const get = (user: MadeUser, url: string) => t.app.inject({ url, headers: { cookie: user.cookie } });
  const send = (user: MadeUser, method: "PATCH" | "DELETE" | "POST", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: user.cookie }, payload });
  const idsOf = async (user: MadeUser) =>
    ((await get(user, "/api/agents")).json() as { id: string }[]).map((a) => a.id);

  it("keeps an agent private by default: colleagues neither list it, open it nor chat with it", async () => {
    const id = await makeAgent(t, owner, { name: "Private Pia" });
    expect((await get(owner, `/api/agents/${id}`)).json()).toMatchObject({ visibility: "private", canManage: true });
    expect(await idsOf(colleague)).not.toContain(id);
    expect((await get(colleague, `/api/agents/${id}`)).statusCode).toBe(404);
    expect((await postChat(t, colleague, id, { message: "Hello" })).statusCode).toBe(404);
  });

  it("lets a colleague list, open and chat with a shared agent in a conversation of their own", async () => {
    const id = await makeAgent(t, owner, { name: "Shared Sam", visibility: "company" });
    const listed = ((await get(colleague, "/api/agents")).json() as { id: string }[]).find((a) => a.id === id);
    expect(listed).toMatchObject({ ownerName: "Olive Owner", visibility: "company", canManage: false });
    expect((await get(colleague, `/api/agents/${id}`)).statusCode).toBe(200);

    const ownersTurn = await postChat(t, owner, id, { message: "Owner's question" });
    const colleaguesTurn = await postChat(t, colleague, id, { message: "Colleague's question" });
    expect(colleaguesTurn.statusCode).toBe(200);
    const colleaguesConversation = colleaguesTurn.json().conversationId as string;
    const ownersConversation = ownersTurn.json().conversationId as string;
    expect(colleaguesConversation).not.toBe(ownersConversation);

    const seenByColleague = (await conversationsOf(t, colleague)).map((c) => c.id);
    const seenByOwner = (await conversationsOf(t, owner)).map((c) => c.id);
    expect(seenByColleague).toContain(colleaguesConversation);
    expect(seenByColleague).not.toContain(ownersConversation);
    expect(seenByOwner).not.toContain(colleaguesConversation);
    // Nor can the owner continue the colleague's conversation with their own agent.
    const intrusion = await postChat(t, owner, id, { message: "Peek", conversationId: colleaguesConversation });
    expect(intrusion.statusCode).toBe(404);
  });

  it("refuses a colleague's edit, delete and knowledge upload, and the agent stays as it was", async () => {
    const id = await makeAgent(t, owner, { name: "Guarded Gus", visibility: "company" });
    // 403 where the colleague can see the agent (edit, delete); knowledge stays the owner's and answers 404.
    expect((await send(colleague, "PATCH", `/api/agents/${id}`, { name: "Hijacked" })).statusCode).toBe(403);
    expect((await send(colleague, "PATCH", `/api/agents/${id}`, { visibility: "private" })).statusCode).toBe(403);
    expect((await send(colleague, "DELETE", `/api/agents/${id}`)).statusCode).toBe(403);
    const upload = await send(colleague, "POST", `/api/agents/${id}/knowledge`, { title: "Notes", text: "Secret" });
    expect(upload.statusCode).toBe(404);
    expect((await get(owner, `/api/agents/${id}`)).json()).toMatchObject({
      name: "Guarded Gus",
      visibility: "company",
    });
  });

  it("lets the owner and an admin of the company change a shared agent", async () => {
    const id = await makeAgent(t, owner, { name: "Edited Eve", visibility: "company" });
    expect((await get(admin, `/api/agents/${id}`)).json()).toMatchObject({ canManage: true });
    const renamed = await send(admin, "PATCH", `/api/agents/${id}`, { name: "Edited by admin" });
    expect(renamed.statusCode).toBe(200);
    const unshared = await send(owner, "PATCH", `/api/agents/${id}`, { visibility: "private" });
    expect(unshared.json()).toMatchObject({ name: "Edited by admin", visibility: "private" });
    expect(await idsOf(colleague)).not.toContain(id);
  });

  it("answers a user of another company 404 for a shared agent and for chatting with it", async () => {
    const id = await makeAgent(t, owner, { name: "Local Lou", visibility: "company" });
    expect(await idsOf(stranger)).not.toContain(id);
    expect((await get(stranger, `/api/agents/${id}`)).statusCode).toBe(404);
    expect((await postChat(t, stranger, id, { message: "Hello" })).statusCode).toBe(404);
    expect((await send(stranger, "PATCH", `/api/agents/${id}`, { name: "x" })).statusCode).toBe(404);
    const call = await send(stranger, "POST", "/api/voice-conversations", { agentId: id, title: "Call" });
    expect(call.statusCode).toBe(404);
  });

  it("lets an admin transfer an agent to an approved colleague, and records it in the audit log", async () => {
    const id = await makeAgent(t, owner, { name: "Moving Max" });
    const res = await send(admin, "POST", `/api/agents/${id}/owner`, { userId: colleague.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userId: colleague.id });
    expect(await idsOf(colleague)).toContain(id);
    expect(await idsOf(owner)).not.toContain(id);
    expect((await send(colleague, "PATCH", `/api/agents/${id}`, { role: "Mine now" })).statusCode).toBe(200);

    const audit = await get(admin, "/api/admin/audit?action=agent.transfer");
    expect(audit.json().entries).toContainEqual(
      expect.objectContaining({ actorEmail: admin.email, action: "agent.transfer", targetId: id }),
    );
  });

  it("refuses a transfer to someone of another company or pending, and any transfer by a non-admin", async () => {
    const id = await makeAgent(t, owner, { name: "Staying Stu", visibility: "company" });
    const pending = await makeUser(t, { admin: false, companyName: "Acme", status: "pending" });
    expect((await send(admin, "POST", `/api/agents/${id}/owner`, { userId: stranger.id })).statusCode).toBe(400);
    expect((await send(admin, "POST", `/api/agents/${id}/owner`, { userId: pending.id })).statusCode).toBe(400);
    expect((await send(owner, "POST", `/api/agents/${id}/owner`, { userId: colleague.id })).statusCode).toBe(403);
    expect((await send(colleague, "POST", `/api/agents/${id}/owner`, { userId: colleague.id })).statusCode).toBe(403);
    expect((await get(owner, `/api/agents/${id}`)).json()).toMatchObject({ userId: owner.id });
  });
});
