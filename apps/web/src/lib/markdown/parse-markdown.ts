/**
 * The small part of Markdown that operator pages need: headings, paragraphs, lists, links, emphasis
 * and code. It produces a tree that React renders, so no HTML from a content file reaches the page.
 */
export type Inline =
  | { kind: "text"; text: string }
  | { kind: "strong"; children: Inline[] }
  | { kind: "em"; children: Inline[] }
  | { kind: "code"; text: string }
  | { kind: "link"; href: string; children: Inline[] };

export type Block =
  | { kind: "heading"; level: 1 | 2 | 3; children: Inline[] }
  | { kind: "paragraph"; children: Inline[] }
  | { kind: "list"; ordered: boolean; items: Inline[][] };

const headingLine = /^(#{1,3})\s+(.*)$/;
const unorderedItem = /^[-*]\s+(.*)$/;
const orderedItem = /^\d+\.\s+(.*)$/;

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;

  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: "paragraph", children: parseInline(paragraph.join(" ")) });
    if (list) blocks.push({ kind: "list", ordered: list.ordered, items: list.items.map(parseInline) });
    paragraph = [];
    list = null;
  };

  for (const rawLine of source.split(/\r?\n/)) {
    const line = rawLine.trim();
    const heading = headingLine.exec(line);
    const unordered = unorderedItem.exec(line);
    const ordered = orderedItem.exec(line);
    if (line === "") {
      flush();
    } else if (heading?.[1] && heading[2] !== undefined) {
      flush();
      blocks.push({
        kind: "heading",
        level: heading[1].length as 1 | 2 | 3,
        children: parseInline(heading[2]),
      });
    } else if (unordered?.[1] !== undefined || ordered?.[1] !== undefined) {
      const isOrdered = ordered !== null;
      if (paragraph.length > 0 || (list && list.ordered !== isOrdered)) flush();
      list ??= { ordered: isOrdered, items: [] };
      list.items.push(unordered?.[1] ?? ordered?.[1] ?? "");
    } else if (list && rawLine.startsWith("  ")) {
      list.items[list.items.length - 1] += ` ${line}`;
    } else {
      if (list) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

const inlineToken = /\*\*(.+?)\*\*|\*(.+?)\*|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)/;

export function parseInline(text: string): Inline[] {
  const result: Inline[] = [];
  let rest = text;
  for (let match = inlineToken.exec(rest); match; match = inlineToken.exec(rest)) {
    if (match.index > 0) result.push({ kind: "text", text: rest.slice(0, match.index) });
    const [whole, strong, em, code, linkText, href] = match;
    if (strong !== undefined) result.push({ kind: "strong", children: parseInline(strong) });
    else if (em !== undefined) result.push({ kind: "em", children: parseInline(em) });
    else if (code !== undefined) result.push({ kind: "code", text: code });
    else if (linkText !== undefined && href !== undefined)
      result.push({ kind: "link", href: safeHref(href), children: parseInline(linkText) });
    rest = rest.slice(match.index + whole.length);
  }
  if (rest) result.push({ kind: "text", text: rest });
  return result;
}

/** Links may go to pages, e-mail addresses and the web; anything else (javascript:, data:) is dropped. */
function safeHref(href: string): string {
  return /^(https?:|mailto:|\/|#)/i.test(href) ? href : "#";
}
