import { randomFillSync } from "node:crypto";

/** The last id's millisecond, its counter within that millisecond and its first 14 characters. */
let lastMillis = -1;
let counter = 0;
let timePart = "";

const HEX_BYTES = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));
const HEX_COUNTERS = Array.from({ length: 0x1000 }, (_, value) => value.toString(16).padStart(3, "0"));

/**
 * Random bytes for the ids, drawn from the system 512 ids at a time: asking it per id cost more than
 * half a millisecond per uploaded dataset, and cutting the random part out of a version 4 UUID (drawn
 * from Node's own pool) took twice as long as writing the bytes out here.
 */
const RANDOM_BYTES_PER_ID = 8;
const randomPool = Buffer.alloc(RANDOM_BYTES_PER_ID * 512);
let randomAt = randomPool.length;

/**
 * A UUID of version 7 (RFC 9562): 48 bits of Unix milliseconds, a 12-bit counter within the
 * millisecond, 62 random bits. Within the process the ids increase in the order they are made, so rows
 * inserted together go to the right end of their key instead of a random page each: an upload's
 * hundreds of data points touch a few index pages, and a GLEIF import's 1M new companies cost the
 * company key 0.6 instead of 4.3 CPU-s (docs/companies.md). A time before the last id's is taken as the
 * last id's; more than 4,096 ids in one millisecond borrow the next one.
 */
export function timeOrderedUuid(now = Date.now()): string {
  if (now > lastMillis) {
    lastMillis = now;
    counter = 0;
    timePart = timePartOf(now);
  } else if (++counter > 0xfff) {
    lastMillis++;
    counter = 0;
    timePart = timePartOf(lastMillis);
  }
  if (randomAt === randomPool.length) {
    randomFillSync(randomPool);
    randomAt = 0;
  }
  const bytes = randomPool;
  const at = randomAt;
  randomAt += RANDOM_BYTES_PER_ID;
  // The first random byte's two high bits are the variant (binary 10).
  return `${timePart}${HEX_COUNTERS[counter]}-${HEX_BYTES[((bytes[at] as number) & 0x3f) | 0x80]}${HEX_BYTES[bytes[at + 1] as number]}-${HEX_BYTES[bytes[at + 2] as number]}${HEX_BYTES[bytes[at + 3] as number]}${HEX_BYTES[bytes[at + 4] as number]}${HEX_BYTES[bytes[at + 5] as number]}${HEX_BYTES[bytes[at + 6] as number]}${HEX_BYTES[bytes[at + 7] as number]}`;
}

function timePartOf(millis: number): string {
  const hex = millis.toString(16).padStart(12, "0");
  return `${hex.slice(0, 8)}-${hex.slice(8)}-7`;
}
