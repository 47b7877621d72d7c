import { remoteConfig } from '../../rsbuild.common.mjs';

// MOJUD_DIST builds into another folder (used for preview builds).
export default remoteConfig({
  name: 'inventory',
  exposes: {
    './routes': './src/routes.tsx',
    './select-brands': './src/select-brands/select-brands-page.tsx',
  },
  distPath: process.env.MOJUD_DIST,
});
