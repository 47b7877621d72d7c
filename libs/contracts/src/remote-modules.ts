// The contract between the shell and the remotes: which modules each remote exposes and the
// props the shell renders each one with. The shell's RemoteRoute is typed by it; each remote's
// src/exposes.contract.ts checks its components against it (`npm test` of that remote), so a
// remote that renames a module or needs a prop the shell does not pass fails before release.
import type { RemoteName } from './constants';
import type { EmptiesCount } from './empties';
import type { ShopPickerItem } from './shops';

/** Mounted as a page: no props; paths are relative to the mount (docs/frontend.md). */
export type PageProps = Record<string, never>;

export interface RemoteModuleProps {
  inventory: {
    routes: PageProps;
    'select-brands': PageProps;
    'trade-flow': {
      storeId: string;
      side: 'buy' | 'sell';
      shop?: { id: string; name: string } | null;
      onDone?: () => void;
    };
    sales: PageProps;
  };
  fleet: {
    routes: PageProps;
    'vehicle-cost': {
      storeId: string;
      vehicle: { id: string; name: string; regNumber: string; vehicleBrand?: string; vehicleModel?: string };
      onClose: () => void;
      onRecorded?: () => void;
    };
  };
  customers: {
    routes: PageProps;
    'shop-picker': { storeId: string; value?: string | null; onChange: (shop: ShopPickerItem) => void };
    'due-payment': {
      storeId: string;
      shop: { id: string; name: string; due: number };
      onClose: () => void;
      onPaid?: () => void;
    };
    'collect-empties': {
      storeId: string;
      shop: { id: string; name: string; emptiesOwed: EmptiesCount[] };
      onClose: () => void;
      onCollected?: () => void;
    };
  };
  people: {
    routes: PageProps;
    invitations: PageProps;
    members: PageProps;
    /** The signed-in person's invitations, on the stores page; nothing when there are none. */
    'pending-invitations': PageProps;
  };
}

/** The modules a remote exposes (RemoteModuleProps must name every remote of REMOTE_NAMES). */
export type ExposedModule<R extends RemoteName> = keyof RemoteModuleProps[R] & string;

/** The same list as values, for tests that compare it with a remote's `exposes`. */
export const REMOTE_MODULES: { [R in RemoteName]: ExposedModule<R>[] } = {
  inventory: ['routes', 'select-brands', 'trade-flow', 'sales'],
  fleet: ['routes', 'vehicle-cost'],
  customers: ['routes', 'shop-picker', 'due-payment', 'collect-empties'],
  people: ['routes', 'invitations', 'members', 'pending-invitations'],
};
