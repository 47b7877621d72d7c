import { request as playwrightRequest, type APIRequestContext, type APIResponse } from '@playwright/test';
import { newOwner, type Owner } from './shop-owner';

// A new owner and their store made through the API, for specs whose subject is a later screen:
// the sign-up, log-in and store forms have their own specs.

/** The JSON of an answer that must be a 2xx; anything else stops the set-up, naming the answer. */
export async function okJson(response: Promise<APIResponse>): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await response;
  if (!r.ok()) throw new Error(`set-up: ${r.status()} ${await r.text()}`);
  return r.json();
}

export interface OwnerStore {
  owner: Owner;
  storeName: string;
  store: { id: string; name: string };
  /** The API request context, signed in as the owner through `headers`. */
  api: APIRequestContext;
  headers: { authorization: string };
  /** `/api/v1/stores/<id>` */
  base: string;
}

/** Registers a new owner, signs in and makes a store in Mirpur with this name (tagged when not given). */
export async function ownerWithStore(baseURL: string | undefined, storeName?: string): Promise<OwnerStore> {
  const owner = newOwner();
  const name = storeName ?? `Rahim Gas ${owner.username.slice(-6)}`;
  const api = await playwrightRequest.newContext({ baseURL });
  await okJson(api.post('/api/v1/auth/register', { data: { username: owner.username, email: owner.email, password: owner.password } }));
  const { accessToken } = await okJson(api.post('/api/v1/auth/login', { data: { loginIdentifier: owner.username, password: owner.password } }));
  const headers = { authorization: `Bearer ${accessToken}` };
  const { store } = await okJson(api.post('/api/v1/stores', { headers, data: { name, location: 'Mirpur', phone: '01711000000' } }));
  return { owner, storeName: name, store, api, headers, base: `/api/v1/stores/${store.id}` };
}
