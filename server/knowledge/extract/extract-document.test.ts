import { describe, expect, it } from "vitest";
import { buildDocx, buildPdf } from "./document-fixtures.js";
import { extractDocument } from "./extract-document.js";

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

describe("extractDocument", () => {
  it("reads a PDF page by page, locating each passage by its page, titled from its metadata", async () => {
    const bytes = await buildPdf(
      [
        ["Pump manual", "Installation takes two hours."],
        ["Maintenance", "Replace the filter every six months."],
        ["Warranty", "The warranty lasts three years."],
      ],
      "Pump manual",
    );
    const document = await extractDocument({ bytes, fileName: "manual.pdf", declaredType: "application/pdf" });
    expect(document.kind).toBe("pdf");
    expect(document.suggestedTitle).toBe("Pump manual");
    expect(document.chunks.map((chunk) => chunk.location)).toEqual(["page 1", "page 2", "page 3"]);
    expect(document.chunks[1].content).toContain("Replace the filter every six months.");
    expect(document.chunks[2].content).toContain("The warranty lasts three years.");
  });

  it("refuses a file with more passages than its agent has room for, naming the agent's limit", async () => {
    const pages = Array.from({ length: 6 }, (_, i) => [`Chapter ${i + 1}`, `Step ${i + 1} of the installation.`]);
    const bytes = await buildPdf(pages, "Pump manual");
    const passages = { room: 2, limit: 20_000 };

    // A PDF stops being read at its third page with text (each such page is at least one passage).
    const pdf = extractDocument({ bytes, fileName: "manual.pdf", declaredType: "application/pdf", passages });
    await expect(pdf).rejects.toMatchObject({ status: 413, passageLimit: 20_000 });
    await expect(pdf).rejects.toThrow("more than 20,000 passages");
    // Other kinds are counted once cut into passages, before anything is stored.
    const text = utf8(pages.map(([heading, line]) => `# ${heading}\n\n${line}`).join("\n\n"));
    await expect(
      extractDocument({ bytes: text, fileName: "manual.md", declaredType: "text/markdown", passages }),
    ).rejects.toMatchObject({ passageLimit: 20_000 });
    // With room, the same file is read whole.
    const roomy = { room: 6, limit: 20_000 };
    const read = await extractDocument({
      bytes,
      fileName: "manual.pdf",
      declaredType: "application/pdf",
      passages: roomy,
    });
    expect(read.chunks).toHaveLength(6);
  });

  it("reads a .docx along its headings, locating passages by heading path", async () => {
    const bytes = await buildDocx(
      [
        { heading: 1, text: "Returns policy" },
        { text: "Items can be returned within 30 days." },
        { heading: 2, text: "Refunds" },
        { text: "Refunds reach the original card within five working days." },
        { heading: 2, text: "Exchanges" },
        { heading: 3, text: "Sizes" },
        { text: "Any size can be exchanged once, free of charge." },
      ],
      "Returns handbook",
    );
    const document = await extractDocument({ bytes, fileName: "returns.docx", declaredType: null });
    expect(document.kind).toBe("docx");
    expect(document.suggestedTitle).toBe("Returns handbook");
    expect(document.chunks.map((chunk) => [chunk.location, chunk.content])).toEqual([
      ["Returns policy", "Returns policy\n\nItems can be returned within 30 days."],
      ["Returns policy › Refunds", "Refunds\n\nRefunds reach the original card within five working days."],
      ["Returns policy › Exchanges › Sizes", "Sizes\n\nAny size can be exchanged once, free of charge."],
    ]);
  });

  it("reads HTML without its navigation, scripts or styles, titled from <title>", async () => {
    const html = `<!doctype html><html><head><title>Pricing &amp; plans</title><style>p { color: red }</style></head>
      <body><nav><a href="/">Home</a> <a href="/about">About us</a></nav>
      <h1>Plans</h1><p>The Basic plan costs <b>10&nbsp;€</b> a month.</p>
      <script>if (a < b) { document.write("tracking") }</script><div hidden>Internal note</div>
      <h2>Team</h2><table><tr><th>Seats</th><th>Price</th></tr><tr><td>5</td><td>40 €</td></tr></table>
      <footer>Contact sales@example.com</footer></body></html>`;
    const document = await extractDocument({ bytes: utf8(html), fileName: "pricing.html", declaredType: "text/html" });
    expect(document.suggestedTitle).toBe("Pricing & plans");
    expect(document.chunks.map((chunk) => chunk.location)).toEqual(["Plans", "Plans › Team"]);
    expect(document.chunks[0].content).toBe("Plans\n\nThe Basic plan costs 10 € a month.");
    expect(document.chunks[1].content).toBe("Team\n\nSeats | Price\n\n5 | 40 €\n\nContact sales@example.com");
    const all = document.chunks.map((chunk) => chunk.content).join("\n");
    for (const hidden of ["Home", "About us", "tracking", "color", "Internal note"]) expect(all).not.toContain(hidden);
  });

  it("reads code in <pre> as its text, without the highlighting tags, and drops a generator's navigation and sidebar", async () => {
    const html = `<!doctype html><html><head><title>functools</title></head><body>
      <div class="related" role="navigation"><h3>Navigation</h3><ul><li><a href="index.html">index</a></li>
        <li><a href="os.html">next</a> |</li></ul></div>
      <div class="body" role="main"><h1>functools<a class="headerlink" href="#functools">¶</a></h1>
      <p>Caches results.</p>
      <div class="highlight"><pre><span></span><span class="nd">@lru_cache</span><span class="p">(</span><span class="n">maxsize</span><span class="o">=</span><span class="mi">32</span><span class="p">)</span>
<span class="k">def</span> <span class="nf">fib</span><span class="p">(</span><span class="n">n</span><span class="p">):</span>
    <span class="k">return</span> <span class="n">n</span> <span class="o">&lt;</span> <span class="mi">2</span>
</pre></div></div>
      <div class="sphinxsidebar" role="navigation"><h3>Previous topic</h3><p><a href="x.html">itertools</a></p></div>
      <div class="footer">&copy; Copyright 2001-2023. Found a bug?</div></body></html>`;
    const document = await extractDocument({
      bytes: utf8(html),
      fileName: "functools.html",
      declaredType: "text/html",
    });
    expect(document.chunks.map((chunk) => chunk.content)).toEqual([
      "functools\n\nCaches results.\n\n@lru_cache(maxsize=32)\ndef fib(n):\nreturn n < 2",
    ]);
    expect(document.chunks[0].location).toBe("functools");
  });

  it("reads Markdown along ATX and setext headings, ignoring a # inside code", async () => {
    const markdown = [
      "Shipping guide",
      "==============",
      "",
      "We ship from Lyon.",
      "",
      "## Delivery times",
      "",
      "Orders arrive in [two days](https://example.com/times).",
      "",
      "```sh",
      "# not a heading",
      "```",
      "",
      "### Abroad",
      "Five days to the [EU](https://europa.eu).",
    ].join("\n");
    const document = await extractDocument({ bytes: utf8(markdown), fileName: "shipping.md", declaredType: null });
    expect(document.suggestedTitle).toBe("Shipping guide");
    expect(document.chunks.map((chunk) => [chunk.location, chunk.content])).toEqual([
      ["Shipping guide", "Shipping guide\n\nWe ship from Lyon."],
      [
        "Shipping guide › Delivery times",
        "Delivery times\n\nOrders arrive in two days.\n\n```sh\n# not a heading\n```",
      ],
      ["Shipping guide › Delivery times › Abroad", "Abroad\nFive days to the EU."],
    ]);
  });

  it("reads a CSV in groups of whole rows, each starting with the header row", async () => {
    const rows = Array.from(
      { length: 400 },
      (_, index) => `SKU-${index + 1},"Widget ${index + 1}, blue",${index + 10}.00`,
    );
    const csv = ["sku,name,price", ...rows, 'SKU-401,"Two-line', 'description",9.00'].join("\r\n");
    const document = await extractDocument({ bytes: utf8(csv), fileName: "prices.csv", declaredType: "text/csv" });
    expect(document.kind).toBe("csv");
    expect(document.chunks.length).toBeGreaterThan(2);
    for (const chunk of document.chunks) expect(chunk.content.startsWith("sku,name,price\n")).toBe(true);
    expect(document.chunks[0].location).toMatch(/^rows 2–\d+$/);
    const [, firstEnd] = /–(\d+)$/.exec(document.chunks[0].location ?? "") ?? [];
    expect(document.chunks[1].location).toBe(
      `rows ${Number(firstEnd) + 1}–${/–(\d+)$/.exec(document.chunks[1].location ?? "")?.[1]}`,
    );
    const last = document.chunks[document.chunks.length - 1];
    expect(last.location).toMatch(/–402$/);
    // The quoted field with a line break stays in its row.
    expect(last.content).toContain('SKU-401,"Two-line\ndescription",9.00');
    const everyRow = document.chunks.flatMap((chunk) => chunk.content.split("\n").slice(1));
    expect(everyRow.filter((line) => line.startsWith("SKU-"))).toHaveLength(401);
  });

  it("reads plain text along its paragraphs, without a location", async () => {
    const text = "Opening hours are 9 to 5.\n\nWe are closed on Sundays.";
    const document = await extractDocument({ bytes: utf8(text), fileName: "hours.txt", declaredType: "text/plain" });
    expect(document).toEqual({
      kind: "txt",
      suggestedTitle: null,
      chunks: [{ ordinal: 0, content: "Opening hours are 9 to 5.\n\nWe are closed on Sundays.", location: null }],
    });
  });

  it("reads pasted text like Markdown, whatever name or type came with it", async () => {
    const pasted = "# FAQ\n\nDo you ship to Japan? Yes, in a week.\n\n## 日本\n\n日本への配送は一週間です。";
    const document = await extractDocument({ bytes: utf8(pasted), fileName: null, declaredType: null, kind: "text" });
    expect(document.kind).toBe("text");
    expect(document.suggestedTitle).toBeNull();
    expect(document.chunks.map((chunk) => chunk.location)).toEqual(["FAQ", "FAQ › 日本"]);
    expect(document.chunks[1].content).toBe("日本\n\n日本への配送は一週間です。");
  });
});
