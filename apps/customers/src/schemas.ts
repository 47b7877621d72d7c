// The contracts' schemas this remote's forms check input with, loaded on demand (useLazySchema):
// zod stays out of the JavaScript the pages need to paint.
export {
  collectEmptiesBodySchema,
  createShopBodySchema,
  divisionBodySchema,
  duePaymentBodySchema,
  openingBalanceBodySchema,
  shopBodySchema,
} from '@mojud/contracts';
