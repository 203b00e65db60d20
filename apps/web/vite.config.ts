import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; images and fonts in woff2 are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every compressible
 * file of the build, once at build time, so the server sends them by Accept-Encoding without
 * compressing per request (@fastify/static `preCompressed`). A copy that is not smaller is not written:
 * the server then sends the file itself.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'aqzrx-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (fs.readdirSync(outDir, { recursive: true }) as string[])
        // Not the build's own records (.vite/manifest.json): nothing serves dot folders.
        .filter((f) => !f.split(path.sep).some((part) => part.startsWith('.')))
        .map((f) => path.join(outDir, f))
        .filter((f) => COMPRESSIBLE.test(f) && fs.statSync(f).isFile());
      await Promise.all(
        files.map(async (file) => {
          const raw = fs.readFileSync(file);
          if (raw.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              },
            }),
            gzip(raw, { level: 9 }),
          ]);
          if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
          if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080', '/files': 'http://localhost:8080' },
  },
  // The manifest (dist/.vite/manifest.json) lets bench/web-bundle.mjs follow each route's chunks.
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500, manifest: true },
});
