// The shell renders each module people exposes with the props in @mojud/contracts'
// RemoteModuleProps. This file is type-checked by this remote's test target (tsconfig.contract.json):
// a component that needs a prop the shell does not pass, or a renamed module, fails it.
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { REMOTE_MODULES, type RemoteModuleProps } from '@mojud/contracts';
import { exposes } from '../exposes.mjs';
import PeopleRoutes from './routes';
import InvitationsPage from './invitations/invitations-page';
import MembersPage from './members/members-page';
import PendingInvitations from './invitations/pending-invitations';

type Contract = RemoteModuleProps['people'];
const components: { [M in keyof Contract]: ComponentType<Contract[M]> } = {
  'routes': PeopleRoutes,
  'invitations': InvitationsPage,
  'members': MembersPage,
  'pending-invitations': PendingInvitations,
};

describe('what people exposes to the shell', () => {
  it('is exactly the modules the shell mounts, each the component checked above', async () => {
    expect(Object.keys(exposes).map((key) => key.replace(/^\.\//, '')).sort()).toEqual([...REMOTE_MODULES.people].sort());
    for (const [name, file] of Object.entries(exposes)) {
      const module = await import(/* @vite-ignore */ `../${file}`);
      expect(module.default, name).toBe(components[name.replace(/^\.\//, '') as keyof Contract]);
    }
  });
});
