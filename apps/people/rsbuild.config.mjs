import { remoteConfig } from '../../rsbuild.common.mjs';

/** Also read by the shell's bundled build (MOJUD_BUNDLED=1), which imports these modules directly. */
export const exposes = {
  './routes': './src/routes.tsx',
  './invitations': './src/invitations/invitations-page.tsx',
  './members': './src/members/members-page.tsx',
};

// MOJUD_DIST builds into another folder (used for preview builds).
export default remoteConfig({ name: 'people', exposes, distPath: process.env.MOJUD_DIST });
