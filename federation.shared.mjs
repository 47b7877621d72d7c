// The one list of modules the shell gives the remotes at run time. Each is a singleton so React,
// the router context, the QueryClient, the auth store and the axios instance exist exactly once.
//
// The remotes declare these as shared (rsbuild.common.mjs); the shell is an ordinary build that
// provides the same modules through the federation runtime when it first loads a remote
// (apps/shell/src/federation/shared-modules.ts, checked against this list by its test).
//
// Deliberately not here:
// - react-router / react-router-dom: remotes use @mojud/router, a short list of its exports, so
//   the shell's copy of React Router stays tree-shaken.
// - axios, zustand: only @mojud/api-client and @mojud/auth use them, and those are shared.
// - @mojud/contracts: constants, types and zod schemas, no state; each app bundles what it uses.
import { readFileSync } from 'node:fs';

const rootPkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const deps = rootPkg.dependencies;

const vendor = (name) => ({ singleton: true, requiredVersion: deps[name] });
// Workspace libs are versioned together with the apps; any loaded copy is acceptable.
const workspace = { singleton: true, requiredVersion: false };

export const shared = {
  react: vendor('react'),
  'react/jsx-runtime': vendor('react'),
  'react-dom': vendor('react-dom'),
  'react-dom/client': vendor('react-dom'),
  '@tanstack/react-query': vendor('@tanstack/react-query'),
  '@mojud/router': workspace,
  '@mojud/api-client': workspace,
  '@mojud/auth': workspace,
  '@mojud/design-system': workspace,
  '@mojud/i18n': workspace,
};

/** The installed version of each shared module, which the shell announces when it provides it. */
export function sharedVersions() {
  return Object.fromEntries(
    Object.keys(shared).map((name) => {
      const pkgName = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
      const pkgFile = new URL(`./node_modules/${pkgName}/package.json`, import.meta.url);
      return [name, JSON.parse(readFileSync(pkgFile, 'utf8')).version];
    }),
  );
}

/** What the shell announces for each module it provides (its build defines __MOJUD_SHARED__). */
export function sharedDeclaration() {
  const versions = sharedVersions();
  return Object.fromEntries(
    Object.entries(shared).map(([name, config]) => [name, { version: versions[name], requiredVersion: config.requiredVersion }]),
  );
}

const libVersion = (dir) =>
  JSON.parse(readFileSync(new URL(`./libs/${dir}/package.json`, import.meta.url), 'utf8')).version;

/**
 * The contracts/API version: the API and the shell are deployed together and speak the
 * request and response shapes of libs/contracts at this version.
 */
export const apiVersion = () => libVersion('contracts');

/**
 * What a remote built from this tree needs of the page that loads it: version ranges of the
 * shared singletons whose surface it uses, and the API version. Written into every remote
 * build as mojud-requires.json; the shell checks it before loading (remote-releases.ts).
 * MOJUD_REQUIRES (JSON) overrides ranges, to build a release for a newer app on purpose.
 */
export function remoteRequirements(env = process.env) {
  const base = {
    react: deps.react,
    'react-dom': deps['react-dom'],
    '@tanstack/react-query': deps['@tanstack/react-query'],
    '@mojud/router': `^${libVersion('router')}`,
    '@mojud/design-system': `^${libVersion('design-system')}`,
    api: `^${apiVersion()}`,
  };
  return { ...base, ...(env.MOJUD_REQUIRES ? JSON.parse(env.MOJUD_REQUIRES) : {}) };
}

/** Remote names the shell knows how to mount, with their dev-server ports. */
export const remotePorts = { inventory: 4201, fleet: 4202, customers: 4203, people: 4204 };
export const shellPort = 4200;
