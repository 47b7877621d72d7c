// Remote releases as the shell reports them: which release of each remote a page runs, and
// the errors a remote's boundary caught. Read by the release statistics page.
import './zod-config';
import { z } from 'zod';

export const REMOTE_AREAS = ['inventory', 'fleet', 'customers', 'people'] as const;

/** `inventory@1.2.0+abc1234`, or `inventory@preview` / `inventory@built-in` for builds that are not releases. */
const releaseName = z
  .string()
  .max(120)
  .regex(/^[a-z]+@[0-9A-Za-z.+-]+$/, { message: 'Not a release name like inventory@1.2.0+abc1234' });

export const releaseLoadBodySchema = z.object({
  remote: z.enum(REMOTE_AREAS),
  release: releaseName,
});

export const releaseErrorBodySchema = releaseLoadBodySchema.extend({
  message: z.string().trim().min(1).max(500),
});

export const releaseStatSchema = z.object({
  remote: z.string(),
  release: z.string(),
  users: z.number().int(),
  loads: z.number().int(),
  errors: z.number().int(),
  lastError: z.string().nullable(),
  lastSeen: z.string(),
});

export const releaseStatsResponseSchema = z.object({ releases: z.array(releaseStatSchema) });

export type ReleaseLoadBody = z.infer<typeof releaseLoadBodySchema>;
export type ReleaseErrorBody = z.infer<typeof releaseErrorBodySchema>;
export type ReleaseStat = z.infer<typeof releaseStatSchema>;
