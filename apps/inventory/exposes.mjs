// The modules this remote exposes: read by its build, by the shell's bundled build (MOJUD_BUNDLED=1,
// through rsbuild.config.mjs) and by src/exposes.test.tsx, which checks them against the shell's contract.
export const exposes = {
  './routes': './src/routes.tsx',
  './select-brands': './src/select-brands/select-brands-page.tsx',
  // For the dashboard's Buy and Sell: pick an item, then the trade modal.
  './trade-flow': './src/trade-flow/trade-flow.tsx',
  // Sales with lines, receipts, the sales list and the profit report, mounted at /sales/*.
  './sales': './src/sale/sales-routes.tsx',
};
