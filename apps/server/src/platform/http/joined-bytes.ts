/**
 * Joins pieces of text into one UTF-8 buffer without joining them into one string first. A response
 * body of a few hundred kilobytes built as a string lands in V8's large-object space, which maps
 * fresh memory for each such string and frees it only in a full garbage collection: for a company's
 * six SFDR datasets that cost three times the copy itself, mostly in the kernel, and brought on a
 * full collection every few hundred milliseconds under steady reading. A buffer of the exact size,
 * written piece by piece, costs one allocation outside the JavaScript heap.
 */
export function joinedBytes(pieces: readonly string[]): Buffer {
  let length = 0;
  for (const piece of pieces) length += Buffer.byteLength(piece);
  const bytes = Buffer.allocUnsafe(length);
  let at = 0;
  for (const piece of pieces) at += bytes.write(piece, at);
  return bytes;
}
