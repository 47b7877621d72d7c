import { useState } from 'react';
import { errorText } from '@mojud/api-client';
import { notify } from './toast';

/**
 * A file download behind a button: `downloading` while it runs (for the button's spinner); a
 * failure is said in a toast, with the server's reason in the reader's language.
 */
export function useDownload(start: () => Promise<void>, failed: (message: string) => string) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await start();
    } catch (error) {
      notify.error(failed(errorText(error)));
    } finally {
      setDownloading(false);
    }
  };
  return { download, downloading };
}
