export {
  ROLES,
  INVITE_ROLES,
  PAYMENT_METHODS,
  amountSchema,
  apiErrorSchema,
  fieldErrorSchema,
  healthSchema,
  idSchema,
  inviteRoleSchema,
  okSchema,
  paymentMethodSchema,
  quantitySchema,
  roleSchema,
} from './common';
export type { ApiError, FieldError, PaymentMethod, Role } from './common';
export {
  CSRF_HEADER,
  CSRF_VALUE,
  changePasswordBodySchema,
  emailSchema,
  loginBodySchema,
  loginResponseSchema,
  passwordSchema,
  refreshResponseSchema,
  registerBodySchema,
  updateMeBodySchema,
  userResponseSchema,
  userSchema,
  usernameSchema,
} from './auth';
export type { ChangePasswordBody, LoginBody, RegisterBody, UpdateMeBody, User } from './auth';
export {
  createStoreBodySchema,
  phoneSchema,
  storeResponseSchema,
  storeSchema,
  storesResponseSchema,
  updateStoreBodySchema,
} from './stores';
export type { CreateStoreBody, Store, UpdateStoreBody } from './stores';
export {
  DUE_PAYMENT_METHODS,
  SHOP_SORTS,
  divisionBodySchema,
  divisionResponseSchema,
  divisionSchema,
  divisionsResponseSchema,
  duePaymentBodySchema,
  duePaymentResponseSchema,
  shopBodySchema,
  shopHistoryResponseSchema,
  shopListQuerySchema,
  shopPickerItemSchema,
  shopPickerQuerySchema,
  shopPickerResponseSchema,
  shopResponseSchema,
  shopSchema,
  shopsResponseSchema,
  shopTransactionSchema,
} from './shops';
export type { Division, DivisionBody, DuePaymentBody, Shop, ShopBody, ShopListQuery, ShopPickerItem, ShopTransaction } from './shops';
export {
  VEHICLE_COST_CATEGORIES,
  vehicleBodySchema,
  vehicleCostBodySchema,
  vehicleCostCategorySchema,
  vehicleCostResponseSchema,
  vehicleResponseSchema,
  vehicleSchema,
  vehicleTransactionSchema,
  vehicleTransactionsResponseSchema,
  vehiclesResponseSchema,
} from './vehicles';
