/** Reading an OpenAPI document into HTTP actions, and an imported action's request (decision 147): pure rules. */
import { describe, expect, it } from "vitest";
import { httpActionRequest } from "./http-action.js";
import { baseUrlOf, findOperation, readOpenApiDocument, toolNameFor } from "./openapi-document.js";

describe("an OpenAPI document read into actions", () => {
  it("makes tool names from operationIds, or from method and path, within the model's function-name rules", () => {
    expect(toolNameFor("listPets", "GET", "/pets")).toBe("listPets");
    expect(toolNameFor("pets.list (v2)", "GET", "/pets")).toBe("pets_list_v2");
    expect(toolNameFor(null, "DELETE", "/pets/{petId}")).toBe("delete_pets_petId");
    expect(toolNameFor("é", "GET", "/")).toBe("get");
    expect(toolNameFor("x".repeat(100), "GET", "/")).toHaveLength(64);
  });

  it("takes the base URL from the first server, its variables at their defaults, without a trailing slash", () => {
    const servers = [
      {
        url: "https://{region}.example.com/v{major}/",
        variables: { region: { default: "eu" }, major: { default: "2" } },
      },
    ];
    expect(baseUrlOf({ servers })).toBe("https://eu.example.com/v2");
  });

  it("numbers names that two operations would share, and finds an operation by id or by METHOD /path", () => {
    const read = readOpenApiDocument({
      openapi: "3.1.0",
      servers: [{ url: "https://api.example.com" }],
      paths: { "/a": { get: { operationId: "same" } }, "/b": { get: { operationId: "same" } } },
    });
    expect(read.operations.map((o) => o.name)).toEqual(["same", "same_2"]);
    expect(findOperation(read.operations, "get /b")?.name).toBe("same_2");
    expect(findOperation(read.operations, "same")?.key).toBe("GET /a");
  });
});

describe("an imported action's request", () => {
  const action = {
    method: "POST",
    url: "https://api.example.com/pets/{petId}/photos",
    queryParameters: ["tag", "size"],
    bodyParameter: "body",
  };

  it("puts query arguments in the query (arrays repeated), the body argument as the body, and drops the rest", () => {
    const request = httpActionRequest(
      action,
      { petId: "7", tag: ["a", "b"], size: 3, body: [{ url: "x" }], invented: true },
      { "x-api-key": "k" },
    );
    expect(request).toMatchObject({
      method: "POST",
      url: "https://api.example.com/pets/7/photos?tag=a&tag=b&size=3",
      body: '[{"url":"x"}]',
      headers: { "content-type": "application/json", "x-api-key": "k" },
    });
  });

  it("sends no body when the body argument is absent", () => {
    const request = httpActionRequest(action, { petId: "7" }, {});
    expect(request).toMatchObject({ url: "https://api.example.com/pets/7/photos" });
    expect(request).not.toHaveProperty("body");
  });
});
