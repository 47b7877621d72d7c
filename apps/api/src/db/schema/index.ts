// Every area's tables, for one typed drizzle instance. Each area keeps its own file.
export * from './core';
export * from './people';
export * from './inventory';
export * from './releases';
export * from './messages';
export * from './vans';
export * from './official-prices';
export * from './money';
