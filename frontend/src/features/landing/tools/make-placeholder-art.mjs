/**
 * Draws the landing page's placeholder before/after artwork: flat illustrations, clearly not photographs, for the
 * rooms that have no licensed photo yet (the bedroom has one: docs/landing-assets.md).
 * Run from the repository root: node frontend/src/features/landing/tools/make-placeholder-art.mjs
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../public/before-after');
const W = 1200;
const H = 800;

const rooms = {
  'living-room': (c) => `
    <rect x="120" y="430" width="560" height="150" rx="30" fill="${c.accent}"/>
    <rect x="150" y="370" width="500" height="90" rx="30" fill="${c.accent2}"/>
    <rect x="120" y="560" width="30" height="50" fill="${c.dark}"/><rect x="650" y="560" width="30" height="50" fill="${c.dark}"/>
    <rect x="780" y="520" width="240" height="20" rx="6" fill="${c.wood}"/>
    <rect x="800" y="540" width="14" height="70" fill="${c.wood}"/><rect x="986" y="540" width="14" height="70" fill="${c.wood}"/>
    <circle cx="900" cy="490" r="30" fill="${c.plant}"/>`,
  kitchen: (c) => `
    <rect x="80" y="430" width="1040" height="200" fill="${c.accent2}"/>
    <rect x="80" y="410" width="1040" height="26" fill="${c.counter}"/>
    ${[0, 1, 2, 3, 4].map((i) => `<rect x="${110 + i * 200}" y="460" width="170" height="150" rx="8" fill="${c.accent}"/>`).join('')}
    ${[0, 1, 2].map((i) => `<rect x="${560 + i * 190}" y="140" width="170" height="150" rx="8" fill="${c.accent}"/>`).join('')}
    <rect x="330" y="330" width="90" height="80" rx="10" fill="${c.dark}"/>`,
  bathroom: (c) => `
    ${Array.from({ length: 8 }, (_, i) => `<line x1="${i * 150}" y1="90" x2="${i * 150}" y2="640" stroke="${c.line}" stroke-width="3"/>`).join('')}
    ${Array.from({ length: 4 }, (_, i) => `<line x1="0" y1="${90 + i * 140}" x2="1200" y2="${90 + i * 140}" stroke="${c.line}" stroke-width="3"/>`).join('')}
    <rect x="140" y="430" width="560" height="180" rx="60" fill="#ffffff" stroke="${c.line}" stroke-width="6"/>
    <rect x="820" y="450" width="220" height="160" rx="12" fill="${c.wood}"/>
    <rect x="800" y="430" width="260" height="30" rx="8" fill="#ffffff"/>
    <rect x="840" y="180" width="180" height="220" rx="14" fill="${c.glass}" stroke="${c.line}" stroke-width="6"/>`,
  exterior: (c) => `
    <rect x="0" y="0" width="1200" height="560" fill="${c.sky}"/>
    <circle cx="1000" cy="140" r="60" fill="${c.lamp}"/>
    <polygon points="300,300 600,120 900,300" fill="${c.dark}"/>
    <rect x="340" y="300" width="520" height="300" fill="${c.accent2}"/>
    <rect x="560" y="430" width="90" height="170" fill="${c.wood}"/>
    <rect x="400" y="360" width="110" height="90" fill="${c.glass}"/><rect x="700" y="360" width="110" height="90" fill="${c.glass}"/>
    <circle cx="170" cy="480" r="90" fill="${c.plant}"/><rect x="160" y="520" width="20" height="90" fill="${c.wood}"/>`,
  'dining-area': (c) => `
    <rect x="330" y="430" width="540" height="24" rx="8" fill="${c.wood}"/>
    <rect x="360" y="454" width="18" height="150" fill="${c.wood}"/><rect x="822" y="454" width="18" height="150" fill="${c.wood}"/>
    ${[0, 1, 2].map((i) => `<rect x="${390 + i * 160}" y="350" width="100" height="90" rx="12" fill="${c.accent}"/>`).join('')}
    <line x1="600" y1="90" x2="600" y2="210" stroke="${c.dark}" stroke-width="4"/>
    <path d="M540 260 Q600 190 660 260 Z" fill="${c.lamp}"/>
    <circle cx="600" cy="405" r="20" fill="${c.plant}"/>`,
};

const palettes = {
  before: {
    wall: '#9c9384',
    floor: '#6d6252',
    window: '#c9c2a6',
    accent: '#6f6a5c',
    accent2: '#837b69',
    dark: '#3f3a33',
    wood: '#6a5440',
    plant: '#5d6a45',
    lamp: '#c9b27a',
    counter: '#8b8576',
    line: '#8e8779',
    glass: '#a9a796',
    sky: '#a7a89a',
    tint: '#6b5a2e',
    tintOpacity: 0.22,
  },
  after: {
    wall: '#f4f1ea',
    floor: '#d9c4a5',
    window: '#dff2fb',
    accent: '#2f6f73',
    accent2: '#9fc7c4',
    dark: '#334155',
    wood: '#a97b50',
    plant: '#4c9a5b',
    lamp: '#ffd36e',
    counter: '#e7e5e4',
    line: '#cbd5e1',
    glass: '#cfeaf6',
    sky: '#8fd0f2',
    tint: '#ffffff',
    tintOpacity: 0,
  },
};

function svg(room, version) {
  const c = palettes[version];
  // The "before" is tilted a little, as handheld phone photos are; the engine straightens converging verticals.
  const tilt = version === 'before' ? 'rotate(-1.6 600 400)' : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
    <g transform="${tilt}">
      <rect x="-60" y="-60" width="${W + 120}" height="${H + 120}" fill="${c.wall}"/>
      <rect x="-60" y="610" width="${W + 120}" height="260" fill="${c.floor}"/>
      ${room === 'exterior' ? '' : `<rect x="820" y="120" width="260" height="240" rx="6" fill="${c.window}" stroke="#ffffff" stroke-width="10"/>`}
      ${rooms[room](c)}
    </g>
    <rect width="${W}" height="${H}" fill="${c.tint}" opacity="${c.tintOpacity}"/>
    <text x="${W - 24}" y="${H - 24}" text-anchor="end" font-family="sans-serif" font-size="22" fill="#ffffff" opacity="0.8">Illustration</text>
  </svg>`;
}

for (const room of Object.keys(rooms)) {
  for (const version of ['before', 'after']) {
    await sharp(Buffer.from(svg(room, version)))
      .webp({ quality: 80 })
      .toFile(path.join(out, `${room}-${version}.webp`));
  }
}
process.stdout.write(`wrote ${Object.keys(rooms).length * 2} images to ${out}\n`);
