import { describe, expect, it } from "vitest";
import { csvCell } from "./csv.js";

describe("a CSV cell", () => {
  it("keeps a formula as text when it starts with a formula sign", () => {
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
  });

  it("keeps a formula as text behind a semicolon, a full-width sign or an invisible character", () => {
    expect(csvCell(";=cmd|' /C calc'!A0")).toBe(`"';=cmd|' /C calc'!A0"`);
    expect(csvCell('＝HYPERLINK("http://x")')).toBe(`"'＝HYPERLINK(""http://x"")"`);
    expect(csvCell("\u200b=1+1")).toBe("'\u200b=1+1");
    expect(csvCell(" \ufeff+1")).toBe("' \ufeff+1");
  });

  it("leaves ordinary text, numbers and empty cells as they are", () => {
    expect(csvCell("Acme; Inc")).toBe(`"Acme; Inc"`);
    expect(csvCell("O'Brien")).toBe("O'Brien");
    expect(csvCell(42)).toBe("42");
    expect(csvCell(null)).toBe("");
  });
});
