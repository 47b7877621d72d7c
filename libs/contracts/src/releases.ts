// Remote releases: where an environment points each remote (the remotes file), and as the shell
// reports them, which release of each remote a page runs and the errors a remote's boundary
// caught (read by the release statistics page).
import './zod-config';
import { z } from 'zod';
import { RELEASE_NAME, REMOTE_NAMES } from './constants';

export { REMOTE_NAMES } from './constants';
export type { RemoteName } from './constants';

/** One build of a remote: its manifest, and its release name (null for a build that is not a release). */
export interface ReleasePointer {
  /** `inventory@1.2.0+abc1234`; null for a plain manifest URL. */
  release: string | null;
  url: string;
}

/**
 * A remote's entry in an environment's remotes file (`npm run promote` writes it; the API serves
 * it as /remotes.json; the shell reads it): the release it runs, earlier ones to fall back on or
 * roll back to (newest first), and maybe a canary for a share of users. A plain URL string in the
 * file stands for `{ release: null, url, previous: [] }`.
 */
export interface ReleaseEntry extends ReleasePointer {
  previous: ReleasePointer[];
  canary?: ReleasePointer & { share: number };
}

const releaseName = z.string().max(120).regex(RELEASE_NAME, { message: 'Not a release name like inventory@1.2.0+abc1234' });

export const releaseLoadBodySchema = z.object({
  remote: z.enum(REMOTE_NAMES),
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
