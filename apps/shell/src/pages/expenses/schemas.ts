// The contracts' schema the expense form checks with, loaded on demand (useLazySchema): zod stays
// out of the page's first paint.
export { createExpenseBodySchema } from '@mojud/contracts';
