import { getLocale } from '@mojud/i18n';
import { api } from './client';

/**
 * Downloads a CSV export. It needs the bearer token, which a plain link cannot carry: fetched
 * through the api client (token, refresh and error shape included) and handed to the browser
 * as a file. `lang` asks for the header line in the reader's language; numbers stay Latin.
 */
export async function downloadCsv(path: string, params: object, fallbackName: string): Promise<void> {
  const response = await api.get<Blob>(path, { params: { ...params, lang: getLocale() }, responseType: 'blob' });
  const disposition = String(response.headers['content-disposition'] ?? '');
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
