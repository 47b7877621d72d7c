import { remoteConfig } from '../../rsbuild.common.mjs';

/** Also read by the shell's bundled build (MOJUD_BUNDLED=1), which imports these modules directly. */
export const exposes = {
  './routes': './src/routes.tsx',
  './select-brands': './src/select-brands/select-brands-page.tsx',
  // For the dashboard's Buy and Sell: pick an item, then the trade modal.
  './trade-flow': './src/trade-flow/trade-flow.tsx',
};

// MOJUD_DIST builds into another folder (used for preview builds).
export default remoteConfig({ name: 'inventory', exposes, distPath: process.env.MOJUD_DIST });
