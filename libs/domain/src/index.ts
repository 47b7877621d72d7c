// The shop's rules, once (docs/architecture.md): pure functions and data, no React, Fastify,
// SQL or browser API, used by the API and by every app that checks or shows a rule.
export * from './money';
export * from './refusal';
export * from './pricing';
export * from './sale';
export * from './movements';
export * from './stock';
export * from './empties';
export * from './reversal';
export * from './trade';
export * from './store-changes';
export * from './counts';
export * from './van-close';
export * from './opening';
export * from './official-price';
export * from './names';
export * from './accounts';
export * from './expenses';
export * from './salaries';
export * from './drawer';
export * from './transfers';
export * from './payment-match';
export * from './wallet-sms';
export * from './bangla-qr';
