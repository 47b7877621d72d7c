// Renders the app icons (apps/shell/public/icons/*.png) from icon.svg in Chromium: the
// favicon and the sizes a web app manifest needs for "Add to Home screen" (192 and 512, and a
// maskable 512 whose artwork stays inside the centre 80 % that Android may crop to a circle).
// Run it after changing icon.svg: node scripts/make-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'shell', 'public', 'icons');
const svg = fs.readFileSync(path.join(dir, 'icon.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const page = await browser.newPage();

async function render(file, size, maskable) {
  await page.setViewportSize({ width: size, height: size });
  // Maskable: the background fills the square and the artwork shrinks into the safe zone.
  const body = maskable
    ? `<div style="width:${size}px;height:${size}px;background:#0f7a5c;display:grid;place-items:center">
         <div style="width:${size * 0.72}px;height:${size * 0.72}px">${svg}</div></div>`
    : `<div style="width:${size}px;height:${size}px">${svg}</div>`;
  await page.setContent(`<style>*{margin:0}svg{width:100%;height:100%;display:block}</style>${body}`);
  await page.screenshot({ path: path.join(dir, file), omitBackground: !maskable });
}

await render('icon-192.png', 192, false);
await render('icon-512.png', 512, false);
await render('icon-maskable-512.png', 512, true);
await render('apple-touch-icon.png', 180, true);
await render('favicon-32.png', 32, false);
await browser.close();
