import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { type Block, type Inline, parseMarkdown } from "./parse-markdown";

export function Markdown({ source }: { source: string }) {
  return <>{parseMarkdown(source).map(renderBlock)}</>;
}

function renderBlock(block: Block, index: number): ReactNode {
  switch (block.kind) {
    case "heading": {
      const Heading = `h${block.level}` as const;
      return <Heading key={index}>{renderInlines(block.children)}</Heading>;
    }
    case "paragraph":
      return <p key={index}>{renderInlines(block.children)}</p>;
    case "list": {
      const List = block.ordered ? "ol" : "ul";
      return (
        <List key={index}>
          {block.items.map((item, itemIndex) => (
            // Items of a content file have no identity beyond their position.
            // biome-ignore lint/suspicious/noArrayIndexKey: static content
            <li key={itemIndex}>{renderInlines(item)}</li>
          ))}
        </List>
      );
    }
  }
}

function renderInlines(inlines: Inline[]): ReactNode {
  return inlines.map((inline, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: static content
    <Fragment key={index}>{renderInline(inline)}</Fragment>
  ));
}

function renderInline(inline: Inline): ReactNode {
  switch (inline.kind) {
    case "text":
      return inline.text;
    case "strong":
      return <strong>{renderInlines(inline.children)}</strong>;
    case "em":
      return <em>{renderInlines(inline.children)}</em>;
    case "code":
      return <code>{inline.text}</code>;
    case "link":
      return inline.href.startsWith("/") ? (
        <Link to={inline.href}>{renderInlines(inline.children)}</Link>
      ) : (
        <a href={inline.href}>{renderInlines(inline.children)}</a>
      );
  }
}
