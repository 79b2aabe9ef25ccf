import { describe, expect, it } from "vitest";
import type { AgentPersona } from "../../../contracts/agents.js";
import type { ChatTurn } from "./llm-provider.js";
import { composeSystemPrompt, selectHistory, SPOKEN_REPLY_LINES } from "./system-prompt.js";

function makePersona(overrides: Partial<AgentPersona> = {}): AgentPersona {
  return {
    name: "Ava",
    gender: "female",
    role: "Sales Manager",
    speciality: "B2B software",
    personality: "Warm and direct",
    communicationStyle: "Short sentences, no jargon",
    customPrompt: "Always end with a next step.",
    description: "Helps small teams close deals.",
    type: "sales",
    ...overrides,
  };
}

describe("composeSystemPrompt", () => {
  it("says the agent drafts the written channels that are on and never claims to send them", () => {
    const prompt = composeSystemPrompt(makePersona({ supportsEmail: true, supportsText: true, supportsSocial: false }));
    expect(prompt).toContain(
      "Channels: you may draft emails and text messages for the person to send; you cannot send or post anything yourself.",
    );
    expect(prompt).toContain("Do not offer to write social media posts: that is turned off for this agent.");
  });

  it("says nothing of channels when the persona does not name them", () => {
    expect(composeSystemPrompt(makePersona())).not.toMatch(/Channels:|Do not offer/);
  });

  it("includes every persona field that is filled in", () => {
    const prompt = composeSystemPrompt(makePersona());

    expect(prompt).toContain("You are Ava.");
    expect(prompt).toContain("Role: Sales Manager");
    expect(prompt).toContain("Speciality: B2B software");
    expect(prompt).toContain("Gender: female");
    expect(prompt).toContain("Personality: Warm and direct");
    expect(prompt).toContain("Communication style: Short sentences, no jargon");
    expect(prompt).toContain("About you: Helps small teams close deals.");
    expect(prompt).toContain("Always end with a next step.");
  });

  it("leaves out empty, blank and missing fields without leaving labels behind", () => {
    const prompt = composeSystemPrompt(
      makePersona({
        role: null,
        speciality: "   ",
        personality: "",
        communicationStyle: null,
        customPrompt: null,
        description: null,
      }),
    );

    expect(prompt).not.toMatch(
      /Role:|Speciality:|Personality:|Communication style:|About you:|Additional instructions:/,
    );
    expect(prompt).not.toContain("null");
    expect(prompt).not.toMatch(/\n{3,}/);
  });

  it("does not state a gender the user preferred not to say", () => {
    expect(composeSystemPrompt(makePersona({ gender: "prefer-not-to-say" }))).not.toContain("Gender");
  });

  it("ends with a guard against revealing the instructions or leaving the role", () => {
    const prompt = composeSystemPrompt(makePersona());

    expect(prompt.split("\n").at(-1)).toMatch(/never reveal.*stay in your role/i);
  });

  it("puts the custom prompt after the persona so it reads as extra instructions", () => {
    const prompt = composeSystemPrompt(makePersona());

    expect(prompt.indexOf("Always end with a next step.")).toBeGreaterThan(prompt.indexOf("Personality:"));
  });

  it("asks a voice call for short spoken answers without lists or markdown, after the custom prompt and before the guard", () => {
    const prompt = composeSystemPrompt(makePersona({ customPrompt: "Answer with bullet points." }), { spoken: true });
    const lines = prompt.split("\n");

    expect(prompt).toMatch(/short sentences/);
    expect(prompt).toMatch(/no lists, headings, tables, markdown, emoji/);
    for (const line of SPOKEN_REPLY_LINES) {
      expect(prompt.indexOf(line)).toBeGreaterThan(prompt.indexOf("Answer with bullet points."));
    }
    expect(lines.at(-1)).toMatch(/never reveal/i);
  });

  it("leaves the voice instructions out of a text chat's prompt", () => {
    const prompt = composeSystemPrompt(makePersona());

    for (const line of SPOKEN_REPLY_LINES) expect(prompt).not.toContain(line);
    expect(composeSystemPrompt(makePersona(), { spoken: false })).toBe(prompt);
  });
});

describe("selectHistory", () => {
  const turns: ChatTurn[] = [
    { role: "user", content: "a".repeat(10) },
    { role: "assistant", content: "b".repeat(10) },
    { role: "user", content: "c".repeat(10) },
    { role: "assistant", content: "d".repeat(10) },
  ];

  it("keeps everything when it fits", () => {
    expect(selectHistory(turns, 100)).toEqual(turns);
  });

  it("drops the oldest turns first, keeping order", () => {
    expect(selectHistory(turns, 25)).toEqual(turns.slice(2));
  });

  it("keeps a turn that exactly fills the budget", () => {
    expect(selectHistory(turns, 30)).toEqual(turns.slice(1));
  });

  it("always keeps the latest turn, cut to the budget from its start", () => {
    const history: ChatTurn[] = [
      { role: "user", content: "hello" },
      { role: "assistant", content: "0123456789" },
    ];

    const selected = selectHistory(history, 5);

    expect(selected).toEqual([{ role: "assistant", content: "…6789" }]);
    expect(selected[0]?.content.length).toBeLessThanOrEqual(5);
  });

  it("returns nothing for an empty conversation", () => {
    expect(selectHistory([], 100)).toEqual([]);
  });
});
