// The modules this remote exposes: read by its build, by the shell's bundled build (MOJUD_BUNDLED=1,
// through rsbuild.config.mjs) and by src/exposes.test.tsx, which checks them against the shell's contract.
export const exposes = {
  './routes': './src/routes.tsx',
  './invitations': './src/invitations/invitations-page.tsx',
  './members': './src/members/members-page.tsx',
  './pending-invitations': './src/invitations/pending-invitations.tsx',
};
