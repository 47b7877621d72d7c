// Shared rsbuild setup for the shell and the four remotes, so each app config stays a few lines.
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { remotePorts, shared, shellPort } from './federation.shared.mjs';

const federationBase = {
  shared,
  shareStrategy: 'loaded-first',
  dts: false,
};

const apiProxy = {
  '/api': { target: process.env.API_ORIGIN ?? 'http://localhost:3000', changeOrigin: true },
};

function devRemotesJson() {
  const entries = Object.fromEntries(
    Object.entries(remotePorts).map(([name, port]) => [name, `http://localhost:${port}/mf-manifest.json`]),
  );
  return JSON.stringify({ ...entries, previewOrigins: ['http://localhost:4311'] }, null, 2);
}

function commonConfig({ port, title }) {
  return {
    plugins: [pluginReact()],
    source: {
      entry: { index: './src/index.ts' },
      define: {
        'process.env.API_URL': JSON.stringify(process.env.API_URL ?? ''),
        'process.env.GOOGLE_CLIENT_ID': JSON.stringify(process.env.GOOGLE_CLIENT_ID ?? ''),
      },
    },
    html: { title, meta: { viewport: 'width=device-width, initial-scale=1' } },
    server: { port, strictPort: true, historyApiFallback: true, proxy: apiProxy },
    performance: { chunkSplit: { strategy: 'split-by-experience' } },
  };
}

/** The host: no remotes at build time — they come from /remotes.json at run time. */
export function shellConfig() {
  const base = commonConfig({ port: shellPort, title: 'Mojud' });
  return defineConfig({
    ...base,
    dev: {
      setupMiddlewares: [
        (middlewares) => {
          middlewares.unshift((req, res, next) => {
            if (req.url?.split('?')[0] !== '/remotes.json') return next();
            res.setHeader('Content-Type', 'application/json');
            res.setHeader('Cache-Control', 'no-cache');
            res.end(devRemotesJson());
          });
        },
      ],
    },
    plugins: [...base.plugins, pluginModuleFederation({ ...federationBase, name: 'shell', remotes: {} })],
  });
}

/**
 * A remote: exposes its pages, loads its chunks relative to wherever its manifest is served
 * (assetPrefix 'auto'), and also runs standalone through its own index.html harness.
 */
export function remoteConfig({ name, exposes, distPath }) {
  const port = remotePorts[name];
  const base = commonConfig({ port, title: `Mojud ${name}` });
  return defineConfig({
    ...base,
    source: {
      ...base.source,
      define: {
        ...base.source.define,
        'process.env.MOJUD_PREVIEW_HEADING': JSON.stringify(process.env.MOJUD_PREVIEW_HEADING ?? ''),
      },
    },
    server: { ...base.server, cors: true, headers: { 'Access-Control-Allow-Origin': '*' } },
    dev: { assetPrefix: `http://localhost:${port}` },
    output: { assetPrefix: 'auto', ...(distPath ? { distPath: { root: distPath } } : {}) },
    plugins: [
      ...base.plugins,
      pluginModuleFederation({ ...federationBase, name, exposes, filename: 'remoteEntry.js' }),
    ],
  });
}
