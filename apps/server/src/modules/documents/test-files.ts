import { randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";
import ExcelJS from "exceljs";
import { writePdf } from "../../platform/pdf";

/** Small files of every kind the upload must recognise (or refuse), built in memory for tests. */

export function samplePdf(title = "Sample report", pages = 2): Buffer {
  return writePdf(
    title,
    Array.from({ length: pages }, (_, i) => ({
      heading: `${title}, page ${i + 1}`,
      lines: ["Sample text."],
    })),
  );
}

/** A PDF header followed by `size` random bytes: unique content of any size, recognised as PDF. */
export function randomPdfLike(size: number): Buffer {
  const bytes = randomBytes(size);
  Buffer.from("%PDF-1.7\n").copy(bytes, 0);
  return bytes;
}

/** A ZIP archive with stored (uncompressed) entries, in the given order. */
export function zipOf(entries: { name: string; data: string | Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data, "utf8");
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export async function sampleXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date(Date.UTC(2024, 0, 1));
  workbook.modified = workbook.created;
  const sheet = workbook.addWorksheet("Emissions");
  sheet.addRow(["Scope", "tCO2e"]);
  sheet.addRow(["Scope 1", 1200]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function sampleDocx(): Buffer {
  return zipOf([
    { name: "[Content_Types].xml", data: "<Types/>" },
    { name: "word/document.xml", data: "<w:document/>" },
  ]);
}

export function sampleOds(): Buffer {
  return zipOf([
    { name: "mimetype", data: "application/vnd.oasis.opendocument.spreadsheet" },
    { name: "content.xml", data: "<office:document-content/>" },
  ]);
}

/** An OLE compound file of three 512-byte sectors whose only stream has the given name. */
export function oleWithStream(streamName: string): Buffer {
  const file = Buffer.alloc(512 * 3, 0);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(file, 0);
  file.writeUInt16LE(0x3e, 0x18);
  file.writeUInt16LE(3, 0x1a);
  file.writeUInt16LE(0xfffe, 0x1c);
  file.writeUInt16LE(9, 0x1e);
  file.writeUInt16LE(6, 0x20);
  file.writeUInt32LE(1, 0x2c); // one FAT sector
  file.writeUInt32LE(0, 0x30); // directory starts in sector 0
  file.writeUInt32LE(0x1000, 0x38);
  file.writeUInt32LE(0xfffffffe, 0x3c);
  file.writeUInt32LE(0xfffffffe, 0x44);
  for (let i = 0; i < 109; i++) file.writeUInt32LE(i === 0 ? 1 : 0xffffffff, 0x4c + i * 4);
  const entry = (index: number, name: string, type: number) => {
    const at = 512 + index * 128;
    file.write(name, at, "utf16le");
    file.writeUInt16LE((name.length + 1) * 2, at + 0x40);
    file[at + 0x42] = type;
  };
  entry(0, "Root Entry", 5);
  entry(1, streamName, 2);
  const fat = 512 * 2;
  for (let i = 0; i < 128; i++) file.writeUInt32LE(0xffffffff, fat + i * 4);
  file.writeUInt32LE(0xfffffffe, fat); // sector 0: end of the directory chain
  file.writeUInt32LE(0xfffffffd, fat + 4); // sector 1: the FAT itself
  return file;
}
