import { describe, expect, it } from "vitest";
import { preferredEncoding } from "./accept-encoding.js";

describe("preferredEncoding", () => {
  it("prefers brotli when the client accepts it", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
  });

  it("falls back to gzip, which the wildcard stands for", () => {
    expect(preferredEncoding("gzip, deflate")).toBe("gzip");
    expect(preferredEncoding("*")).toBe("gzip");
  });

  it("chooses nothing when the client accepts neither, or sends no header", () => {
    expect(preferredEncoding(undefined)).toBeUndefined();
    expect(preferredEncoding("identity")).toBeUndefined();
    expect(preferredEncoding("deflate")).toBeUndefined();
  });

  it("honours qualities: zero refuses, a higher one wins", () => {
    expect(preferredEncoding("br;q=0, gzip")).toBe("gzip");
    expect(preferredEncoding("br;q=0.5, gzip;q=0.8")).toBe("gzip");
    expect(preferredEncoding("gzip;q=0, *")).toBeUndefined();
    expect(preferredEncoding("BR;Q=1")).toBe("br");
  });
});
