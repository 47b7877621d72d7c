// No two folders import each other, directly or through others (an API area and another, a
// remote's feature folders, the API's infrastructure and an area): the folder-level half of
// `npm run check:cycles`. Tests are left out: they import the test helpers, which import what
// they test, so a folder and its tests' helpers always meet.
import { options } from './.dependency-cruiser.mjs';

export default {
  forbidden: [
    {
      name: 'no-folder-cycle',
      comment:
        'Two folders that import each other are one area in two places: move what both need to one of them, or to a third.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
  ],
  options: { ...options, exclude: { path: '\\.test\\.tsx?$' } },
};
