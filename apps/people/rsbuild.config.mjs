import { remoteConfig } from '../../rsbuild.common.mjs';

// MOJUD_DIST builds into another folder (used for preview builds).
export default remoteConfig({
  name: 'people',
  exposes: {
    './routes': './src/routes.tsx',
    './invitations': './src/invitations/invitations-page.tsx',
    './members': './src/members/members-page.tsx',
  },
  distPath: process.env.MOJUD_DIST,
});
