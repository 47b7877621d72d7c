import { remoteConfig } from '../../rsbuild.common.mjs';

// MOJUD_DIST builds into another folder (used for preview builds).
export default remoteConfig({
  name: 'fleet',
  exposes: {
    './routes': './src/routes.tsx',
    // For the dashboard's Vehicle Cost action.
    './vehicle-cost': './src/vehicles/vehicle-cost-modal.tsx',
  },
  distPath: process.env.MOJUD_DIST,
});
