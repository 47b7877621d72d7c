// The contracts' schema the settings form checks with, loaded on demand (useLazySchema): zod stays
// out of the page's first paint.
export { messageSettingsBodySchema, messageTextsBodySchema } from '@mojud/contracts';
