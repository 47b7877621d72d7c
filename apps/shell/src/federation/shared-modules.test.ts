import { describe, expect, it } from 'vitest';
import { sharedForRuntime, sharedModuleObjects } from './shared-modules';

// federation.shared.mjs as the build (and vitest.config.ts) passes it to the shell.
declare const __MOJUD_SHARED__: Record<string, { version: string; requiredVersion: string | false }>;
const shared = __MOJUD_SHARED__;

describe('the modules the shell provides to the remotes', () => {
  it('provides every module the remotes are built to share, and nothing else', () => {
    expect(Object.keys(sharedModuleObjects).sort()).toEqual(Object.keys(shared).sort());
  });

  it('hands each one over as an already loaded singleton with its installed version', () => {
    const provided = sharedForRuntime();
    expect(provided.react.version).toMatch(/^19\./);
    expect(provided.react.shareConfig).toEqual({ singleton: true, requiredVersion: shared.react.requiredVersion });
    // The same objects the shell itself renders with: one React, one router context, one auth store.
    const react = provided.react.lib() as { useState?: unknown };
    expect(typeof react.useState).toBe('function');
    const router = provided['@mojud/router'].lib() as Record<string, unknown>;
    expect(Object.keys(router)).toEqual(expect.arrayContaining(['Routes', 'Route', 'useNavigate', 'useSearchParams']));
  });

  it('says which module is missing rather than letting a remote load its own copy', () => {
    expect(() => sharedForRuntime({ lodash: { version: '4.0.0', requiredVersion: false } })).toThrow(
      'federation.shared.mjs lists lodash, but the shell does not provide it',
    );
  });
});
