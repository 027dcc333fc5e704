/**
 * Entry of the GLEIF reader thread (gleif-reader-thread.ts), compiled beside the operator commands
 * by scripts/server-build.mjs.
 */
import { openGleifFile } from "./gleif";
import { serveGleifReading } from "./gleif-reader-thread";

await serveGleifReading(openGleifFile);
