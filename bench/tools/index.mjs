// bench/web.mjs imports Lighthouse through here, so that it resolves from bench/tools/node_modules.
export * as chromeLauncher from 'chrome-launcher';
export { default as lighthouse } from 'lighthouse';
export { default as desktopConfig } from 'lighthouse/core/config/desktop-config.js';
