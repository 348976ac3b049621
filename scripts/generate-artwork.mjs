// Writes the placeholder artwork of the public site (src/client/public/images/*.svg): abstract
// portraits and the software dashboard. Run `node scripts/generate-artwork.mjs` after editing;
// docs/imagery.md says how an agency replaces these with its own photos.
import fs from 'node:fs';
import path from 'node:path';

const outDir = path.resolve('src/client/public/images');

// One head-and-shoulders outline, shared by every portrait.
const body =
  'M40 800C60 662 150 592 242 572c22-5 30-22 28-50l-2-52c-36-30-66-75-70-140-6-100 44-160 102-160s108 60 102 160c-4 65-34 110-70 140l-2 52c-2 28 6 45 28 50 92 20 182 90 202 228Z';

const hair = {
  long: 'M192 330c-8-118 48-178 108-178 64 0 118 60 110 178-2 90 26 180 64 270-30 14-62 18-92 14-20-60-30-120-34-170-10 20-26 34-48 44-22-10-38-24-48-44-4 50-14 110-34 170-30 4-62 0-92-14 38-90 66-180 64-270Z',
  bob: 'M186 322c-6-116 52-170 114-170 64 0 122 54 116 170 2 58 8 98 16 128l-76 8H246l-76-8c8-30 14-70 16-128Z',
  bun: 'M300 96a58 58 0 1 1 0 116a58 58 0 1 1 0-116ZM198 318c-6-100 44-152 102-152s108 52 102 152c-16-60-52-98-102-98s-86 38-102 98Z',
  curls: [
    [300, 160, 62],
    [238, 190, 52],
    [362, 190, 52],
    [206, 250, 44],
    [394, 250, 44],
    [200, 316, 36],
    [400, 316, 36],
  ]
    .map(([x, y, r]) => `M${x - r} ${y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`)
    .join(''),
};

const portraits = [
  {
    name: 'portrait-1',
    from: '#3b0f2a',
    to: '#8a2448',
    sun: '#f2b880',
    rim: '#ffd0a8',
    hair: 'long',
  },
  {
    name: 'portrait-2',
    from: '#1f1406',
    to: '#8a5a16',
    sun: '#ffd27a',
    rim: '#ffe3a3',
    hair: 'bob',
  },
  {
    name: 'portrait-3',
    from: '#160f33',
    to: '#55308f',
    sun: '#e5a4ff',
    rim: '#f1c9ff',
    hair: 'bun',
  },
  {
    name: 'portrait-4',
    from: '#061f22',
    to: '#11666a',
    sun: '#8ff0d8',
    rim: '#c4fff0',
    hair: 'curls',
  },
];

function portrait({ from, to, sun, rim, hair: style }) {
  const figure = `<path d="${body}"/><path d="${hair[style]}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800" viewBox="0 0 600 800">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<radialGradient id="sun" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="${sun}" stop-opacity=".95"/><stop offset=".6" stop-color="${sun}" stop-opacity=".35"/><stop offset="1" stop-color="${sun}" stop-opacity="0"/></radialGradient>
<linearGradient id="skin" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#16131c"/><stop offset="1" stop-color="#07060a"/></linearGradient>
<radialGradient id="vignette" cx=".5" cy=".45" r=".75"><stop offset=".55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".6"/></radialGradient>
</defs>
<rect width="600" height="800" fill="url(#bg)"/>
<circle cx="330" cy="300" r="250" fill="url(#sun)"/>
<circle cx="330" cy="300" r="196" fill="none" stroke="${rim}" stroke-opacity=".35" stroke-width="2"/>
<path d="M0 640 600 520M0 700 600 580" stroke="${rim}" stroke-opacity=".12" stroke-width="2"/>
<g fill="${rim}" opacity=".85" transform="translate(-8 -6)">${figure}</g>
<g fill="url(#skin)">${figure}</g>
<rect width="600" height="800" fill="url(#vignette)"/>
</svg>
`;
}

// The software's dashboard, without words so it suits every language.
function dashboard() {
  const bars = [46, 70, 58, 92, 80, 118, 104, 140]
    .map(
      (h, i) =>
        `<rect x="${612 + i * 34}" y="${372 - h}" width="20" height="${h}" rx="4" fill="url(#bar)"/>`,
    )
    .join('');
  const rows = [0, 1, 2]
    .map((i) => {
      const y = 432 + i * 44;
      const hue = ['#e879a6', '#f2c14e', '#8ff0d8'][i];
      return `<rect x="612" y="${y}" width="28" height="28" rx="6" fill="${hue}" opacity=".85"/><rect x="652" y="${y + 4}" width="${150 - i * 24}" height="8" rx="4" fill="#e7e5ee" opacity=".7"/><rect x="652" y="${y + 18}" width="${96 - i * 12}" height="6" rx="3" fill="#8d8a99"/><rect x="850" y="${y + 6}" width="44" height="16" rx="8" fill="${hue}" opacity=".25"/>`;
    })
    .join('');
  const cards = [0, 1, 2]
    .map((i) => {
      const x = 132 + i * 152;
      const hue = ['#f2c14e', '#e879a6', '#8ff0d8'][i];
      return `<rect x="${x}" y="92" width="136" height="84" rx="12" fill="#1c1a24"/><rect x="${x + 16}" y="110" width="56" height="8" rx="4" fill="#8d8a99"/><rect x="${x + 16}" y="130" width="88" height="16" rx="5" fill="#f4f3f8"/><rect x="${x + 16}" y="156" width="40" height="8" rx="4" fill="${hue}"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="600" viewBox="0 0 960 600">
<defs>
<linearGradient id="frame" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#17151e"/><stop offset="1" stop-color="#0e0d13"/></linearGradient>
<linearGradient id="area" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f2c14e" stop-opacity=".45"/><stop offset="1" stop-color="#f2c14e" stop-opacity="0"/></linearGradient>
<linearGradient id="bar" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e879a6"/><stop offset="1" stop-color="#7a2d6b"/></linearGradient>
</defs>
<rect x="1" y="1" width="958" height="598" rx="22" fill="url(#frame)" stroke="#34313f" stroke-width="2"/>
<circle cx="32" cy="32" r="6" fill="#ef6f6c"/><circle cx="52" cy="32" r="6" fill="#f2c14e"/><circle cx="72" cy="32" r="6" fill="#5cc98b"/>
<rect x="20" y="60" width="92" height="520" rx="14" fill="#14121a"/>
${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="46" y="${88 + i * 56}" width="40" height="40" rx="10" fill="${i === 1 ? '#f2c14e' : '#2a2734'}"/>`).join('')}
${cards}
<rect x="588" y="92" width="352" height="84" rx="12" fill="#1c1a24"/><circle cx="630" cy="134" r="22" fill="#e879a6" opacity=".8"/><rect x="668" y="118" width="160" height="10" rx="5" fill="#f4f3f8"/><rect x="668" y="138" width="110" height="8" rx="4" fill="#8d8a99"/>
<rect x="132" y="196" width="440" height="384" rx="14" fill="#1c1a24"/>
<path d="M156 520 156 520C196 500 226 470 266 476S336 430 376 420 446 360 486 340 536 280 552 250V556H156Z" fill="url(#area)"/>
<path d="M156 520C196 500 226 470 266 476S336 430 376 420 446 360 486 340 536 280 552 250" fill="none" stroke="#f2c14e" stroke-width="4" stroke-linecap="round"/>
<path d="M156 556H552" stroke="#34313f" stroke-width="2"/>
<rect x="156" y="220" width="120" height="10" rx="5" fill="#f4f3f8"/><rect x="156" y="240" width="80" height="8" rx="4" fill="#8d8a99"/>
<rect x="588" y="196" width="352" height="196" rx="14" fill="#1c1a24"/>
${bars}
<rect x="588" y="408" width="352" height="172" rx="14" fill="#1c1a24"/>
${rows}
</svg>
`;
}

fs.mkdirSync(outDir, { recursive: true });
for (const spec of portraits)
  fs.writeFileSync(path.join(outDir, `${spec.name}.svg`), portrait(spec));
fs.writeFileSync(path.join(outDir, 'software-dashboard.svg'), dashboard());
console.log(`Wrote ${portraits.length + 1} images to ${path.relative(process.cwd(), outDir)}`);
