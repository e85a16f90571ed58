import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API that `npm run dev` starts listens on PORT (default 3000).
const apiTarget = `http://127.0.0.1:${process.env.PORT || 3000}`;

// The SPA is served by the API process in production (same origin); in development Vite proxies /api.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      treeshake: {
        // The modules of @qm/contracts only declare constants and zod schemas: one a chunk does not
        // use can be dropped. This keeps zod out of the login screen's bundle (≈ 50 kB gzip).
        moduleSideEffects: [{ test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          // Popovers (menus, selects, tooltips) are not used by the login screen: keep their
          // positioning library in a chunk of its own instead of a chunk the entry imports.
          groups: [{ name: 'floating-ui', test: /node_modules[\\/]@floating-ui[\\/]/, includeDependenciesRecursively: false }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
    },
  },
});
