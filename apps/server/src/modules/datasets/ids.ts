import { randomBytes } from "node:crypto";

/**
 * A UUID of version 7: the first 48 bits are the time in epoch milliseconds, the rest random. Rows
 * inserted together get neighbouring keys, so an upload's hundreds of data points land on a few
 * index pages instead of hundreds of random ones (less I/O and write-ahead log per upload).
 */
export function timeOrderedUuid(now = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | ((bytes[6] as number) & 0x0f);
  bytes[8] = 0x80 | ((bytes[8] as number) & 0x3f);
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
