import { remoteConfig } from '../../rsbuild.common.mjs';

/** Also read by the shell's bundled build (MOJUD_BUNDLED=1), which imports these modules directly. */
export const exposes = {
  './routes': './src/routes.tsx',
  // For the dashboard: pick a shop, take a due payment.
  './shop-picker': './src/shops/shop-picker.tsx',
  './due-payment': './src/shops/due-payment-modal.tsx',
};

// MOJUD_DIST builds into another folder (used for preview builds).
export default remoteConfig({ name: 'customers', exposes, distPath: process.env.MOJUD_DIST });
