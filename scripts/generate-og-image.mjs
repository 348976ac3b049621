// Writes the link-preview picture (Open Graph and Twitter cards) of the public site,
// src/client/public/images/og-image.jpg, 1200 x 630: the four portraits of the home page behind a
// dark veil, with the logo's star. It carries no words, so it suits any agency name and every
// language (the preview shows the page's title and description beside it). Chromium draws it from
// the SVG artwork: run `node scripts/generate-og-image.mjs` after changing that artwork
// (scripts/generate-artwork.mjs). docs/imagery.md says how to use a photo instead.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const imagesDir = path.resolve('src/client/public/images');
const output = path.join(imagesDir, 'og-image.jpg');
const width = 1200;
const height = 630;

const dataUrl = (file) =>
  `data:image/svg+xml;base64,${fs.readFileSync(path.join(imagesDir, file)).toString('base64')}`;
const portraits = [1, 2, 3, 4].map((number) => dataUrl(`portrait-${number}.svg`));

const html = `<!doctype html>
<html><head><style>
  * { margin: 0; box-sizing: border-box; }
  body { width: ${width}px; height: ${height}px; overflow: hidden; background: #0b0b0f; }
  .portraits { display: grid; grid-template-columns: repeat(4, 1fr); height: 100%; }
  .portraits img { width: 100%; height: 100%; object-fit: cover; object-position: 50% 20%; }
  .veil { position: absolute; inset: 0;
    background: radial-gradient(ellipse at center, rgb(11 11 15 / 0.35), rgb(11 11 15 / 0.85) 70%),
      linear-gradient(to top, rgb(11 11 15 / 0.9), transparent 55%); }
  .mark { position: absolute; left: 50%; top: 50%; width: 220px; height: 220px;
    transform: translate(-50%, -50%); filter: drop-shadow(0 0 36px rgb(232 198 106 / 0.55)); }
  .rule { position: absolute; left: 0; right: 0; bottom: 0; height: 10px; background: #e8c66a; }
</style></head><body>
  <div class="portraits">${portraits.map((src) => `<img src="${src}" alt="">`).join('')}</div>
  <div class="veil"></div>
  <svg class="mark" viewBox="5 5 22 22" aria-hidden="true">
    <path d="M16 5.5l3.2 7.3 7.3 3.2-7.3 3.2L16 26.5l-3.2-7.3L5.5 16l7.3-3.2z" fill="#e8c66a"/>
  </svg>
  <div class="rule"></div>
</body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.setContent(html, { waitUntil: 'load' });
  await page.screenshot({ path: output, type: 'jpeg', quality: 82 });
} finally {
  await browser.close();
}
console.log(`Wrote ${path.relative(process.cwd(), output)} (${fs.statSync(output).size} bytes)`);
