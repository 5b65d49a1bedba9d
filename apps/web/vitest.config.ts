import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    // One jsdom and one set of library imports for every file, in one worker (a fresh jsdom per
    // file took two thirds of this project's time); the set-up gives each file fresh app modules.
    isolate: false,
    maxWorkers: 1,
    sequence: { groupOrder: 1 },
  },
});
