import { registerTexts } from '@mojud/i18n';
import { ns } from '../../texts';

// Only operators open this page: its texts load with it, not with every page.
export const texts = {
  releases: {
    title: 'Remote releases',
    intro: 'Which release of each area people load, and the errors they met. Roll back a bad canary with npm run rollback.',
    loading: 'Loading releases…',
    notOperator: 'This page is for the people who release Mojud. Ask them if you need it.',
    failed: 'Could not load the release statistics: {{message}}',
    empty: 'No releases have been loaded yet.',
    thisPage: 'This page runs: {{releases}}',
    columns: {
      release: 'Release',
      users: 'Users',
      loads: 'Loads',
      errors: 'Errors',
      lastError: 'Last error',
      lastSeen: 'Last seen',
    },
  },
};

registerTexts(ns, texts, { bn: () => import('./texts.bn') });
