import { remoteConfig } from '../../rsbuild.common.mjs';

// MOJUD_DIST builds into another folder (used for preview builds).
export default remoteConfig({
  name: 'fleet',
  exposes: {
    './routes': './src/routes.tsx',
  },
  distPath: process.env.MOJUD_DIST,
});
