// The federation runtime, in a chunk of its own: the shell loads it only when a page needs a
// remote, so public pages such as /login never download it. It starts the one runtime
// instance of the page with the shell's shared modules, and makes the runtime's core available
// to the remotes, whose production builds leave their own copy out (experiments.externalRuntime).
import { init, loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import injectExternalRuntimeCore from '@module-federation/inject-external-runtime-core-plugin';
import { sharedForRuntime } from './shared-modules';

export function startRuntime(plugins: ModuleFederationRuntimePlugin[]) {
  init({
    name: 'shell',
    remotes: [],
    shared: sharedForRuntime(),
    shareStrategy: 'loaded-first',
    plugins: [injectExternalRuntimeCore(), ...plugins],
  });
}

export { loadRemote, preloadRemote, registerRemotes };
// Choosing a release needs the runtime anyway; here it costs pages without a remote nothing.
export { unmetRequirements } from './releases';
