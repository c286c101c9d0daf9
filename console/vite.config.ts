// The agent console's build (docs/console.md): served by the service at /app, so every asset URL
// starts there; hashed file names under assets/ are cached for a year by the server.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: import.meta.dirname,
  base: '/app/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', reportCompressedSize: true },
  // `npm run console:dev`: the service on :3000 answers the API, the dev server the console.
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/auth': 'http://127.0.0.1:3000' } },
});
