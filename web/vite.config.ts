import { svelte } from "@sveltejs/vite-plugin-svelte";
import { defineConfig } from "vitest/config";

// Built into the Python package; FastAPI serves it under /app/.
export default defineConfig({
  base: "/app/",
  plugins: [svelte()],
  build: {
    outDir: "../src/croupier/webapp",
    emptyOutDir: true,
    target: "es2022",
    reportCompressedSize: true,
  },
  test: { include: ["src/**/*.test.ts"], environment: "node" },
});
