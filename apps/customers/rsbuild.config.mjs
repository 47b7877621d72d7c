import { remoteConfig } from '../../rsbuild.common.mjs';

// MOJUD_DIST builds into another folder (used for preview builds).
export default remoteConfig({
  name: 'customers',
  exposes: {
    './routes': './src/routes.tsx',
    // For the dashboard: pick a shop, take a due payment.
    './shop-picker': './src/shops/shop-picker.tsx',
    './due-payment': './src/shops/due-payment-modal.tsx',
  },
  distPath: process.env.MOJUD_DIST,
});
