import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import { agentFieldErrors, serverFieldErrors } from "./agent-field-errors";

describe("agentFieldErrors", () => {
  it("asks for the name and the gender in words a person acts on", () => {
    expect(agentFieldErrors({ name: "  ", gender: undefined })).toEqual({
      name: "Enter a name for the agent.",
      gender: "Choose a gender.",
    });
  });

  it("names the field by its label when a value is too long", () => {
    expect(agentFieldErrors({ name: "Nova", gender: "female", communicationStyle: "x".repeat(501) })).toEqual({
      communicationStyle: expect.stringMatching(/^Communication style must be at most \d+ characters\.$/),
    });
  });

  it("finds nothing wrong with a complete draft", () => {
    expect(agentFieldErrors({ name: "Nova", gender: "female", description: "" })).toEqual({});
  });
});

describe("serverFieldErrors", () => {
  const refusal = (body: object) => new ApiError(400, JSON.stringify(body), "Bad Request");

  it("puts the server's INVALID_INPUT under the field it names", () => {
    expect(
      serverFieldErrors(
        refusal({ code: "INVALID_INPUT", message: "role must be at most 200 characters", field: "role" }),
      ),
    ).toEqual({ role: "Role must be at most 200 characters." });
  });

  it("leaves refusals without a known field to the toast", () => {
    expect(serverFieldErrors(refusal({ code: "INVALID_INPUT", message: "Nothing to update" }))).toBeNull();
    expect(serverFieldErrors(refusal({ code: "INVALID_INPUT", message: "x", field: "colour" }))).toBeNull();
    expect(
      serverFieldErrors(new ApiError(409, JSON.stringify({ code: "AGENT_LIMIT", message: "full" }), "")),
    ).toBeNull();
  });
});
