import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('.'),
  plugins: [react(), tailwindcss()],
  resolve: {
    // Shared with the server so they can never drift apart: the package catalogue (prices and photo counts) and the
    // photo checks (thresholds and messages). Bundled from its sources: the package's main is the server's build.
    alias: { '@listinglens/contracts': here('../libs/contracts/src/index.ts') },
  },
  build: { outDir: here('../dist/frontend'), emptyOutDir: true },
  server: {
    // Same origin as the API in development, so the session cookie works exactly as in production.
    proxy: {
      '/api': {
        target: 'http://localhost:3000',
        // The identity provider redirects the browser to this API path and the server hands the page to the SPA
        // (it is a client route); do the same here, while the screen's own JSON call still reaches the API.
        bypass: (req) =>
          req.url?.startsWith('/api/auth/google/callback') && req.headers.accept?.includes('text/html')
            ? '/index.html'
            : undefined,
      },
    },
  },
});
