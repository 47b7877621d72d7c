// The contracts' schemas this remote's forms check input with, loaded on demand (useLazySchema):
// zod stays out of the JavaScript the pages need to paint.
export { vehicleBodySchema, vehicleCostBodySchema } from '@mojud/contracts';
export { closeVehicleBodySchema, loadVehicleBodySchema } from '@mojud/contracts';
