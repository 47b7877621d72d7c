export { renderStandalone } from './harness';
export type { StandaloneOptions } from './harness';
