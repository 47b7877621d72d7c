// Types for federation.shared.mjs, which the build configs (plain JS) and vitest.config.ts read.
import type { RemoteName } from '@mojud/contracts';

export interface SharedConfig {
  singleton: boolean;
  requiredVersion: string | false;
}
export const shared: Record<string, SharedConfig>;
export function sharedVersions(): Record<string, string>;
export function sharedDeclaration(): Record<string, { version: string; requiredVersion: string | false }>;
export const remotePorts: Record<RemoteName, number>;
export const shellPort: number;
export function apiVersion(): string;
export function remoteRequirements(env?: Record<string, string | undefined>): Record<string, string>;
