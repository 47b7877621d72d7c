import { useEffect, useState } from 'react';
import { createTranslator, namespaceLoading, subscribeLocale } from '@mojud/i18n';
import { ns } from './texts';

export const APP_NAME = 'Mojud';
const t = createTranslator(ns);

interface Entry {
  title: string;
  description?: string;
}

// Every mounted caller, by the order it first rendered. A parent renders before its children
// and a page that loads later renders later, so the highest number is the deepest, newest page:
// the shell's remote route names the area while the remote loads, then the remote's own page
// names itself. (Effects run children first, so "last effect wins" would pick the parent.)
let sequence = 0;
const entries = new Map<number, Entry>();

function apply() {
  if (typeof document === 'undefined') return;
  const ids = [...entries.keys()].sort((a, b) => b - a);
  const top = ids.length ? entries.get(ids[0]) : undefined;
  // The name as the reader writes it: "Mojud" in English, "মজুদ" in Bangla.
  const name = t('appName');
  document.title = top && top.title && top.title !== name ? `${top.title} – ${name}` : name;
  const description = ids.map((id) => entries.get(id)?.description).find(Boolean);
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (description) {
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  } else {
    meta?.remove();
  }
}

// The tab follows the language even while no page names itself yet (a page's chunk still loading
// after a reload): index.html's English "Mojud" would stay on a Bangla screen otherwise.
// The app's own name is in this library's texts, which may still be loading in Bangla.
const applyOnceLoaded = () => {
  apply();
  void namespaceLoading(ns)?.then(apply);
};
if (typeof document !== 'undefined') {
  subscribeLocale(applyOnceLoaded);
  applyOnceLoaded();
}

/**
 * Names the page in the browser tab, history and bookmarks ("Inventory – Mojud"), and gives
 * public pages their search-result description. Every page calls it with its own text from
 * the catalogue, so the title follows the interface language.
 */
export function useDocumentTitle(title: string, description?: string): void {
  const [id] = useState(() => ++sequence);
  useEffect(() => {
    entries.set(id, { title, description });
    apply();
    return () => {
      entries.delete(id);
      apply();
    };
  }, [id, title, description]);
}
