/** Pretty JSON that keeps short objects and arrays on one line, so committed definitions stay compact and diffable. */
export function toCompactJson(value: unknown, maxLineLength = 240): string {
  return `${render(value, "", maxLineLength)}\n`;
}

function render(value: unknown, indent: string, maxLineLength: number): string {
  const inline = JSON.stringify(value);
  if (value === null || typeof value !== "object" || indent.length + inline.length <= maxLineLength)
    return inline;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    const items = value.map((item) => `${inner}${render(item, inner, maxLineLength)}`);
    return `[\n${items.join(",\n")}\n${indent}]`;
  }
  const entries = Object.entries(value).map(
    ([key, item]) => `${inner}${JSON.stringify(key)}: ${render(item, inner, maxLineLength)}`,
  );
  return `{\n${entries.join(",\n")}\n${indent}}`;
}
