import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt)$/;
// Below this a compressed copy saves less than the request for it costs.
const MIN_BYTES = 1024;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, squeezed once at
 * the highest levels, so the server sends the app's bundles without compressing them per request.
 * It reads the files once they are on disk: until then Vite may still rewrite chunks (its preload
 * helper, for one), and a copy taken earlier would differ from the file it stands for.
 */
export function precompressBuild(): Plugin {
  return {
    name: "openverde:precompress-build",
    apply: "build",
    enforce: "post",
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? "dist";
      await Promise.all(
        Object.keys(bundle)
          .filter((fileName) => COMPRESSIBLE.test(fileName))
          .map(async (fileName) => {
            const path = join(outDir, fileName);
            const source = await readFile(path);
            if (source.length < MIN_BYTES) return;
            const brotli = brotliCompressSync(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            });
            await writeFile(`${path}.br`, brotli);
            await writeFile(`${path}.gz`, gzipSync(source, { level: 9 }));
          }),
      );
    },
  };
}
