// The contracts' schema the close checks input with, loaded on demand (useLazySchema): zod stays
// out of the JavaScript the page needs to paint.
export { closeDrawerBodySchema } from '@mojud/contracts';
