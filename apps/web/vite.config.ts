import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080', '/files': 'http://localhost:8080' },
  },
  // The manifest (dist/.vite/manifest.json) lets bench/web-bundle.mjs follow each route's chunks.
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500, manifest: true },
});
