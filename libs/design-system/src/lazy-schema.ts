import { useEffect, useRef } from 'react';
import { loadErrorTexts } from '@mojud/api-client';

/**
 * A form's contract schema, loaded in a chunk of its own: zod and the schemas stay out of the
 * JavaScript a page needs to paint. Loading starts when the form opens, together with the words
 * for what the check may find (in the reader's language); `get()` waits for both on submit (a
 * moment at most, and only the first time).
 */
export function useLazySchema<S>(load: () => Promise<S>): () => Promise<S> {
  const loading = useRef<Promise<S> | null>(null);
  const get = () => (loading.current ??= Promise.all([load(), loadErrorTexts()]).then(([schemas]) => schemas));
  useEffect(() => {
    void get().catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loaded once per opening
  }, []);
  return get;
}
