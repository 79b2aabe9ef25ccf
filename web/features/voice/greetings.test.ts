import { describe, expect, it } from "vitest";
import { LANGUAGE_CODES } from "../../../contracts/voice";
import { greetingFor } from "./greetings";

describe("the greeting", () => {
  it("names the agent and its role in each of the nine languages", () => {
    for (const language of LANGUAGE_CODES) {
      const greeting = greetingFor(language, { name: "Vera", role: "Support Specialist" });
      expect(greeting, language).toContain("Vera");
      expect(greeting, language).toContain("Support Specialist");
      expect(greeting, language).not.toMatch(/[{}]/);
    }
    expect(greetingFor("en-US", { name: "Vera", role: null })).toBe("Hi, I'm Vera. How can I help you today?");
  });
});
