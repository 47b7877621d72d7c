import { remoteConfig } from '../../rsbuild.common.mjs';

/** Also read by the shell's bundled build (MOJUD_BUNDLED=1), which imports these modules directly. */
export const exposes = {
  './routes': './src/routes.tsx',
  // For the dashboard's Vehicle Cost action.
  './vehicle-cost': './src/vehicles/vehicle-cost-modal.tsx',
};

// MOJUD_DIST builds into another folder (used for preview builds).
export default remoteConfig({ name: 'fleet', exposes, distPath: process.env.MOJUD_DIST });
