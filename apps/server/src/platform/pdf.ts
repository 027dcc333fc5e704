/**
 * The one PDF writer of the server, for demo reports and test files: pages of plain text in
 * Helvetica, with a correct cross-reference table so every viewer opens them. Deterministic: the same
 * input gives the same bytes, so the same demo report always has the same document id.
 */

export interface PdfPage {
  heading: string;
  lines: string[];
}

function escapeText(text: string): string {
  // Standard fonts use WinAnsi; anything outside printable ASCII is replaced to stay simple.
  return text.replace(/[^\u0020-\u007e]/g, "?").replace(/[\\()]/g, (c) => `\\${c}`);
}

function pageContent(page: PdfPage, number: number, total: number): string {
  const out = ["BT", "/F2 20 Tf", "72 760 Td", `(${escapeText(page.heading)}) Tj`, "/F1 11 Tf", "0 -32 Td"];
  for (const line of page.lines) out.push(`(${escapeText(line)}) Tj`, "0 -16 Td");
  out.push("ET", "BT", "/F1 9 Tf", "280 40 Td", `(Page ${number} of ${total}) Tj`, "ET");
  return out.join("\n");
}

export function writePdf(title: string, pages: PdfPage[]): Buffer {
  const objects: string[] = [];
  const add = (body: string): number => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add(""); // filled below, once the page tree's number is known
  const pagesRoot = add("");
  const regular = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const bold = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  const info = add(`<< /Title (${escapeText(title)}) /Producer (Openverde demo) >>`);
  const pageIds: number[] = [];
  pages.forEach((page, index) => {
    const content = pageContent(page, index + 1, pages.length);
    const stream = add(
      `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
    );
    pageIds.push(
      add(
        `<< /Type /Page /Parent ${pagesRoot} 0 R /MediaBox [0 0 595 842] ` +
          `/Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >> >> /Contents ${stream} 0 R >>`,
      ),
    );
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesRoot} 0 R >>`;
  objects[pagesRoot - 1] =
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pageIds.length} >>`;

  let pdf = "%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n";
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, "latin1"));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

/** A one-page PDF whose first line is its heading and title (for demo and test reports). */
export function simplePdf(lines: string[]): Buffer {
  const [heading = "", ...rest] = lines;
  return writePdf(heading, [{ heading, lines: rest }]);
}
