import { describe, expect, it } from "vitest";
import { parseInline, parseMarkdown } from "./parse-markdown";

describe("parseMarkdown", () => {
  it("reads headings, paragraphs and both kinds of lists", () => {
    const blocks = parseMarkdown(
      [
        "# Title",
        "",
        "First line",
        "continues here.",
        "",
        "- one",
        "- two",
        "",
        "1. first",
        "2. second",
      ].join("\n"),
    );
    expect(blocks).toEqual([
      { kind: "heading", level: 1, children: [{ kind: "text", text: "Title" }] },
      { kind: "paragraph", children: [{ kind: "text", text: "First line continues here." }] },
      {
        kind: "list",
        ordered: false,
        items: [[{ kind: "text", text: "one" }], [{ kind: "text", text: "two" }]],
      },
      {
        kind: "list",
        ordered: true,
        items: [[{ kind: "text", text: "first" }], [{ kind: "text", text: "second" }]],
      },
    ]);
  });

  it("joins indented continuation lines into the list item", () => {
    const [list] = parseMarkdown("- a long item\n  that wraps");
    expect(list).toEqual({
      kind: "list",
      ordered: false,
      items: [[{ kind: "text", text: "a long item that wraps" }]],
    });
  });
});

describe("parseInline", () => {
  it("reads emphasis, code and links", () => {
    expect(parseInline("See **the [terms](/terms)** and *more* `code`.")).toEqual([
      { kind: "text", text: "See " },
      {
        kind: "strong",
        children: [
          { kind: "text", text: "the " },
          { kind: "link", href: "/terms", children: [{ kind: "text", text: "terms" }] },
        ],
      },
      { kind: "text", text: " and " },
      { kind: "em", children: [{ kind: "text", text: "more" }] },
      { kind: "text", text: " " },
      { kind: "code", text: "code" },
      { kind: "text", text: "." },
    ]);
  });

  it("neutralises script links", () => {
    expect(parseInline("[x](javascript:alert(1))")[0]).toMatchObject({ kind: "link", href: "#" });
  });
});
