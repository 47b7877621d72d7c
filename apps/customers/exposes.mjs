// The modules this remote exposes: read by its build, by the shell's bundled build (MOJUD_BUNDLED=1,
// through rsbuild.config.mjs) and by src/exposes.test.tsx, which checks them against the shell's contract.
export const exposes = {
  './routes': './src/routes.tsx',
  // For the dashboard: pick a shop, take a due payment.
  './shop-picker': './src/shops/shop-picker.tsx',
  './due-payment': './src/shops/due-payment-modal.tsx',
  // For the dashboard's Collect empties: pick a shop, then this.
  './collect-empties': './src/empties/collect-empties-modal.tsx',
};
