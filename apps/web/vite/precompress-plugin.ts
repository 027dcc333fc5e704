import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt)$/;
// Below this a compressed copy saves less than the request for it costs.
const MIN_BYTES = 1024;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, squeezed once at
 * the highest levels, so the server sends the app's bundles without compressing them per request.
 */
export function precompressBuild(): Plugin {
  return {
    name: "openverde:precompress-build",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const source = Buffer.from(output.type === "chunk" ? output.code : output.source);
        if (source.length < MIN_BYTES) continue;
        this.emitFile({
          type: "asset",
          fileName: `${fileName}.br`,
          source: brotliCompressSync(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
        });
        this.emitFile({ type: "asset", fileName: `${fileName}.gz`, source: gzipSync(source, { level: 9 }) });
      }
    },
  };
}
