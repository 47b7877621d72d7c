import { shellConfig } from '../../rsbuild.common.mjs';

export default shellConfig();
