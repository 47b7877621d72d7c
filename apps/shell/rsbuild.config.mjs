import { shellConfig } from '../../rsbuild.common.mjs';

// MOJUD_BUNDLED=1 builds the comparison build into bundled/dist (see rsbuild.common.mjs).
export default await shellConfig();
