// The contracts' schemas this remote's forms check input with, loaded on demand (useLazySchema):
// zod stays out of the JavaScript the pages need to paint.
export {
  addCylinderSizeBodySchema,
  buyBodySchema,
  createSaleBodySchema,
  cylinderBuyBodySchema,
  markBodySchema,
  officialPriceBodySchema,
  priceBodySchema,
  receiveTransferBodySchema,
  reorderLevelBodySchema,
  returnSaleBodySchema,
  sendTransferBodySchema,
} from '@mojud/contracts';
