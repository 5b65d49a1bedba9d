import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The sign-in pages are their own small document (auth.html); everything else is the SPA. */
const AUTH_PAGE_PATHS = /^\/(?:login|reset-password)\/?(?:\?|$)/;

/** The product options frame, its own small document too (options-frame.html). */
const OPTIONS_FRAME_PATH = /^\/product-options\/\d+\/?(?:\?|$)/;

/** The customer's pages (public.html): /checkout/{id}[/return], /customer-quote/{id}, /supplier-order/{id}. */
const PUBLIC_PAGE_PATH =
  /^\/(?:checkout\/[^/?]+(?:\/return)?|customer-quote\/[^/?]+|supplier-order\/[^/?]+)\/?(?:\?|$)/;

/**
 * The dev server answers the sign-in paths with auth.html and the options frame's path with
 * options-frame.html, as the Slat server does.
 */
function authPagesInDev(): Plugin {
  return {
    name: 'slat-auth-pages',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const document =
          req.url && AUTH_PAGE_PATHS.test(req.url)
            ? 'auth.html'
            : req.url && OPTIONS_FRAME_PATH.test(req.url)
              ? 'options-frame.html'
              : req.url && PUBLIC_PAGE_PATH.test(req.url)
                ? 'public.html'
                : undefined;
        if (req.url && document) {
          const query = req.url.indexOf('?');
          req.url = `/${document}${query === -1 ? '' : req.url.slice(query)}`;
        }
        next();
      });
    },
  };
}

/**
 * Three builds into one dist/ (scripts/build.mjs runs them): the SPA (index.html), then with
 * SLAT_WEB_ENTRY=auth the sign-in document (auth.html), then with SLAT_WEB_ENTRY=options-frame
 * the product options frame (options-frame.html: plain TypeScript, no React). Built apart, each
 * document's chunks hold only what it uses; built together, the sign-in page's Mantine parts were
 * split into dozens of small files shared with the SPA's lazy pages (decision 006).
 */
const signInBuild = process.env.SLAT_WEB_ENTRY === 'auth';
const optionsFrameBuild = process.env.SLAT_WEB_ENTRY === 'options-frame';
/** The customer's pages (public.html): React and their own CSS, sharing the React chunk. */
const publicBuild = process.env.SLAT_WEB_ENTRY === 'public';

/** React alone, the same bytes in both builds: the SPA finds it cached after signing in. */
const REACT_GROUP = {
  name: 'react',
  test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
  priority: 1,
};

/** The UI libraries, and the app's icons (Tabler's, generated into components/icons) with them. */
const UI_LIBRARIES =
  /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-transition-group|use-sidecar|use-callback-ref|react-style-singleton|tslib|clsx)[\\/]|[\\/]src[\\/]components[\\/]icons[\\/]/;

/** The first screen rendered by the server (src/ssr/entry-server.tsx), a Node module in dist-ssr/. */
const serverRenderBuild = process.env.SLAT_WEB_ENTRY === 'ssr';

export default defineConfig(
  serverRenderBuild
    ? {
        plugins: [react()],
        // React and the UI libraries bundled in, in their production builds: the server process runs
        // without NODE_ENV, and a development React renders several times slower
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        ssr: { noExternal: true },
        build: { ssr: 'src/ssr/entry-server.tsx', outDir: 'dist-ssr', emptyOutDir: true, sourcemap: true },
      }
    : {
        plugins: [react(), authPagesInDev()],
        define: {
          'import.meta.env.VITE_GIT_COMMIT': JSON.stringify(process.env.VITE_GIT_COMMIT ?? 'development'),
        },
        build: {
          outDir: 'dist',
          emptyOutDir: !signInBuild && !optionsFrameBuild && !publicBuild,
          sourcemap: true,
          manifest: signInBuild
            ? '.vite/auth-manifest.json'
            : optionsFrameBuild
              ? '.vite/options-frame-manifest.json'
              : publicBuild
                ? '.vite/public-manifest.json'
                : true,
          chunkSizeWarningLimit: 800,
          rolldownOptions: optionsFrameBuild
            ? { input: { 'options-frame': 'options-frame.html' } }
            : publicBuild
              ? { input: { public: 'public.html' }, output: { codeSplitting: { groups: [REACT_GROUP] } } }
              : signInBuild
                ? { input: { auth: 'auth.html' }, output: { codeSplitting: { groups: [REACT_GROUP] } } }
                : {
                    input: { index: 'index.html' },
                    // The UI libraries in one long-cached chunk: split automatically they came as ~40 files
                    // of a few hundred bytes each, one request per page's share (bench/RESULTS.md).
                    output: {
                      codeSplitting: { groups: [REACT_GROUP, { name: 'ui', test: UI_LIBRARIES }] },
                    },
                  },
        },
        server: {
          port: 5173,
          proxy: { '/api': 'http://localhost:3000', '/health.json': 'http://localhost:3000' },
        },
      },
);
