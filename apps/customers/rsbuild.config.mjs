import { remoteConfig } from '../../rsbuild.common.mjs';
import { exposes } from './exposes.mjs';

export { exposes };

// MOJUD_DIST builds into another folder (used for preview builds).
export default remoteConfig({ name: 'customers', exposes, distPath: process.env.MOJUD_DIST });
