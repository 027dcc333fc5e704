import { constants } from "node:zlib";
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/** Below this a response goes out as it is: compressing it saves less than the framing costs. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Up to this size a response body that is already in memory is compressed in one synchronous call
 * (a quarter of a millisecond for 40 KiB of JSON) and sent with its length in one write. Above it, the
 * plugin streams it through the thread pool in chunks, which costs a stream pipeline per response.
 * The plugin's own default on a two-core machine is 8 KiB, which sent every dataset through the stream.
 */
const SYNC_COMPRESSION_LIMIT = 256 * 1024;

/**
 * Compression levels for responses compressed as they go out: the fastest of each algorithm, since
 * on a two-core machine shared with the database every millisecond of compression is one a request
 * waits for, while the bytes saved by a higher level are few next to what the fastest already saves.
 * A company's six periods of full SFDR data (250 KB of JSON, each period different) come out as:
 * brotli 1 in 0.28 ms of CPU to 19.3 KB, brotli 2 in 0.68 ms to 18.5 KB, brotli 4 in 1.06 ms to
 * 16.2 KB; gzip 1 in 0.61 ms to 27.4 KB, gzip's default 6 in 1.85 ms to 22.8 KB. Brotli, which every
 * browser takes, is chosen when offered; gzip serves scripts (Python's requests takes no brotli).
 * Either still sends a tenth of the JSON. The web app's files are compressed once, at build time, at
 * the highest quality.
 */
const BROTLI_QUALITY = 1;
const GZIP_LEVEL = constants.Z_BEST_SPEED;

/**
 * Compresses responses for the clients that accept it (brotli, gzip or deflate). Which types shrink is
 * the plugin's call (text, JSON, XML by pattern, anything else as the MIME database says): documents
 * such as PDF and Office files, which are ZIP containers, and images go out as they are.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD,
    syncThreshold: SYNC_COMPRESSION_LIMIT,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      },
    },
    zlibOptions: { level: GZIP_LEVEL },
  });
}
