import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (packages/server) serves everything under /prod-api; in development Vite proxies to it
// so the browser sees one origin, exactly as in production where the server also serves dist/.
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/prod-api': { target: API_TARGET, changeOrigin: true } },
  },
  preview: {
    proxy: { '/prod-api': { target: API_TARGET, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Routes are lazy modules; a small shared vendor group keeps React in one long-cached file while
    // Ant Design stays split by component, so the login screen does not download the table, the
    // date picker and the rest of the library it never shows.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'react-vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ }],
        },
      },
    },
  },
});
