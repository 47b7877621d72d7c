// Query options for the server data several apps read (docs/frontend.md, "Data"): one key and
// one fetch for each, so every app shares one cache entry and one invalidation refreshes them
// all. Keys stay under ['stores', storeId, …] (kept offline, refreshed by prefix). Mutations,
// and queries only one app reads, stay in the apps.
export { itemQueries, useStoreItems } from './items';
export type { StoreItem } from './items';
export { memberQueries, staffQueries } from './people';
export { shopQueries } from './shops';
export { vehicleQueries } from './vehicles';
export { sellingLimitQueries, useSellingLimit } from './selling-limit';
export { officialPriceQueries } from './official-prices';
export { accountQueries, useMoneyAccounts } from './accounts';
