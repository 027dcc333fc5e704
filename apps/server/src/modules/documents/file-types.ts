/**
 * Which kind of file an upload is, decided by its bytes alone: the name and the content type a client
 * sends are not trusted. PDF is recognised by its header, XLSX, DOCX and ODS by the entries of the ZIP
 * container, XLS by the streams of the OLE compound file.
 */

export const DOCUMENT_TYPES = ["Pdf", "Xls", "Xlsx", "Ods", "Docx"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const MEDIA_TYPES: Record<DocumentType, string> = {
  Pdf: "application/pdf",
  Xls: "application/vnd.ms-excel",
  Xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  Ods: "application/vnd.oasis.opendocument.spreadsheet",
  Docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

export const EXTENSIONS: Record<DocumentType, string> = {
  Pdf: ".pdf",
  Xls: ".xls",
  Xlsx: ".xlsx",
  Ods: ".ods",
  Docx: ".docx",
};

/** The container a file's first bytes announce; "unknown" files are refused before more is read. */
export type Container = "pdf" | "zip" | "ole" | "unknown";

/** How many leading bytes `containerOf` and `identify` look at. */
export const HEAD_BYTES = 1024;

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ODS_MIMETYPE = "application/vnd.oasis.opendocument.spreadsheet";

export function containerOf(head: Buffer): Container {
  // PDF readers accept the header anywhere in the first KiB; so do we.
  if (head.subarray(0, HEAD_BYTES).includes("%PDF-")) return "pdf";
  if (head.length >= 4 && head.readUInt32LE(0) === 0x04034b50) return "zip";
  if (head.length >= 8 && head.subarray(0, 8).equals(OLE_MAGIC)) return "ole";
  return "unknown";
}

/** Reads stored bytes at any offset; the file is not in memory. */
export interface RandomAccess {
  size: number;
  read(start: number, length: number): Promise<Buffer>;
}

export async function identify(head: Buffer, file: RandomAccess): Promise<DocumentType | undefined> {
  switch (containerOf(head)) {
    case "pdf":
      return "Pdf";
    case "zip":
      return identifyZip(head, file);
    case "ole":
      return (await oleHasWorkbook(file)) ? "Xls" : undefined;
    default:
      return undefined;
  }
}

const MAX_CENTRAL_DIRECTORY = 16 * 1024 * 1024;

async function zipEntryNames(file: RandomAccess): Promise<Set<string> | undefined> {
  const tailLength = Math.min(file.size, 22 + 0xffff);
  const tailStart = file.size - tailLength;
  const tail = await file.read(tailStart, tailLength);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return undefined;
  let entries = tail.readUInt16LE(eocd + 10);
  let size = tail.readUInt32LE(eocd + 12);
  let offset = tail.readUInt32LE(eocd + 16);
  if ((entries === 0xffff || size === 0xffffffff || offset === 0xffffffff) && eocd >= 20) {
    // ZIP64: the locator just before the end record points at the ZIP64 end record.
    if (tail.readUInt32LE(eocd - 20) !== 0x07064b50) return undefined;
    const zip64At = Number(tail.readBigUInt64LE(eocd - 12));
    if (zip64At + 56 > file.size) return undefined;
    const record = await file.read(zip64At, 56);
    if (record.readUInt32LE(0) !== 0x06064b50) return undefined;
    entries = Number(record.readBigUInt64LE(32));
    size = Number(record.readBigUInt64LE(40));
    offset = Number(record.readBigUInt64LE(48));
  }
  if (size > MAX_CENTRAL_DIRECTORY || offset + size > file.size) return undefined;
  const directory = await file.read(offset, size);
  const names = new Set<string>();
  let at = 0;
  for (let n = 0; n < entries && at + 46 <= directory.length; n++) {
    if (directory.readUInt32LE(at) !== 0x02014b50) break;
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    names.add(directory.subarray(at + 46, at + 46 + nameLength).toString("utf8"));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

async function identifyZip(head: Buffer, file: RandomAccess): Promise<DocumentType | undefined> {
  const names = await zipEntryNames(file);
  if (!names) return undefined;
  if (names.has("[Content_Types].xml")) {
    if (names.has("xl/workbook.xml")) return "Xlsx";
    if (names.has("word/document.xml")) return "Docx";
    return undefined;
  }
  // OpenDocument: an uncompressed "mimetype" entry comes first and names the kind of document.
  if (names.has("mimetype") && names.has("content.xml") && head.length >= 30) {
    const nameLength = head.readUInt16LE(26);
    const extraLength = head.readUInt16LE(28);
    const name = head.subarray(30, 30 + nameLength).toString("latin1");
    const content = head
      .subarray(30 + nameLength + extraLength, 30 + nameLength + extraLength + ODS_MIMETYPE.length)
      .toString("latin1");
    if (name === "mimetype" && content === ODS_MIMETYPE) return "Ods";
  }
  return undefined;
}

const ENDOFCHAIN = 0xfffffffe;
const MAX_DIRECTORY_SECTORS = 256;

/** Whether an OLE compound file holds an Excel workbook stream ("Workbook", or "Book" for Excel 5). */
async function oleHasWorkbook(file: RandomAccess): Promise<boolean> {
  if (file.size < 512) return false;
  const header = await file.read(0, 512);
  const sectorShift = header.readUInt16LE(0x1e);
  if (sectorShift !== 9 && sectorShift !== 12) return false;
  const sectorSize = 1 << sectorShift;
  const entriesPerFatSector = sectorSize / 4;
  const difat: number[] = [];
  for (let i = 0; i < 109; i++) difat.push(header.readUInt32LE(0x4c + i * 4));
  const sectorOffset = (sector: number) => (sector + 1) * sectorSize;
  const nextSector = async (sector: number): Promise<number> => {
    const fatSector = difat[Math.floor(sector / entriesPerFatSector)];
    if (fatSector === undefined || fatSector >= 0xfffffffa) return ENDOFCHAIN;
    const at = sectorOffset(fatSector) + (sector % entriesPerFatSector) * 4;
    if (at + 4 > file.size) return ENDOFCHAIN;
    return (await file.read(at, 4)).readUInt32LE(0);
  };
  let sector = header.readUInt32LE(0x30);
  for (let visited = 0; sector < 0xfffffffa && visited < MAX_DIRECTORY_SECTORS; visited++) {
    const start = sectorOffset(sector);
    if (start + sectorSize > file.size) return false;
    const directory = await file.read(start, sectorSize);
    for (let at = 0; at + 128 <= directory.length; at += 128) {
      const nameBytes = directory.readUInt16LE(at + 0x40);
      const type = directory[at + 0x42];
      if (type !== 2 || nameBytes < 2 || nameBytes > 64) continue;
      const name = directory.subarray(at, at + nameBytes - 2).toString("utf16le");
      if (name === "Workbook" || name === "Book") return true;
    }
    sector = await nextSector(sector);
  }
  return false;
}
