// Writes demo-catalog.json, the demo seed's catalog (DESIGN §4): `node apps/server/seed/generate-demo-catalog.mjs`.
// Prices are computed in whole cents, so every price in the file is an exact decimal string.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const steps = (from, to, step) => Array.from({ length: (to - from) / step + 1 }, (_, i) => from + i * step);
const money = (cents) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const metric = steps(600, 3000, 300);

/** base + rate per m² (in dollars), rounded up to the next 50 cents. Sizes in mm. */
function areaGrid(widths, drops, base, perM2) {
  const rows = drops.map((d) =>
    widths.map((w) => {
      const cents = base * 100 + Math.round((perM2 * 100 * w * d) / 1_000_000);
      return money(Math.ceil(cents / 50) * 50);
    }),
  );
  return { widths, drops, rows };
}
/** The same in inches (1 in² = 0.00064516 m²). */
function inchGrid(widths, drops, base, perM2) {
  const rows = drops.map((d) =>
    widths.map((w) =>
      money(Math.ceil((base * 100 + Math.round((perM2 * 100 * w * d * 64516) / 1e8)) / 50) * 50),
    ),
  );
  return { widths, drops, rows };
}
const single = (price) => ({ widths: [], drops: [], rows: [[price]] });
const limits = (minWidth, maxWidth, minHeight, maxHeight) => ({ minWidth, maxWidth, minHeight, maxHeight });

const base = (key, name, price = '0.00') => ({ key, name, type: 'BASE', price });
const fabrics = (prefix, range, width, repeat, brand, colours, price = '0.00') =>
  colours.map((colour) => ({
    key: `${prefix}-${colour.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
    name: `${range} — ${colour}`,
    type: 'FABRIC',
    price,
    fabric: { width, repeat, brand, colour },
  }));
const group = (key, name, required, options) => ({ key, name, required, options });

const rollerControls = group('control', 'Control', true, [
  base('chain-left', 'Chain control, left'),
  base('chain-right', 'Chain control, right'),
  base('spring', 'Spring assisted', '28.00'),
  base('motor-li-ion', 'Motorised, rechargeable Li-ion', '385.00'),
]);
const rollerRails = group('bottom-rail', 'Bottom rail', true, [
  base('rail-oval', 'Oval, white'),
  base('rail-flat', 'Flat, anodised', '12.00'),
  base('rail-sealed', 'Sealed hem bar', '18.50'),
]);
const rollerExtras = group('fascia', 'Fascia', false, [
  base('fascia-90', '90 mm fascia', '42.00'),
  base('fascia-115', '115 mm fascia', '49.00'),
]);
const roller = (key, name, brand, fabricGroup, basePrice, perM2, bundleOnly = false) => ({
  key,
  name,
  brand,
  category: 'roller',
  hasWidth: true,
  hasHeight: true,
  hasQuantity: true,
  ...(bundleOnly ? { bundleOnly } : {}),
  unit: 'mm',
  sizeLimits: limits(300, 3000, 300, 3000),
  priceGrid: areaGrid(metric, metric, basePrice, perM2),
  optionGroups: [rollerControls, rollerRails, fabricGroup, rollerExtras],
  // A sealed hem bar is too heavy for the spring; a 90 mm fascia cannot hide the motor.
  rules: {
    incompatible: [
      ['spring', 'rail-sealed'],
      ['motor-li-ion', 'fascia-90'],
    ],
  },
});

const coastline = {
  key: 'coastline',
  name: 'Coastline Window Furnishings',
  email: 'orders@coastline-wf.example',
  timezone: 'Australia/Sydney',
  logo: null,
  isInternal: false,
  offlineOnly: false,
  shippingMethods: [
    { name: 'Courier (metro)', address: null },
    { name: 'Pick up — Alexandria warehouse', address: '41 Bourke Road, Alexandria NSW 2015' },
    { name: 'Freight (regional)', address: null },
  ],
  brands: [
    { name: 'Coastline', disableFineFractions: false },
    { name: 'Aria Shades', disableFineFractions: false },
    { name: 'Motion Smart', disableFineFractions: false },
  ],
  products: [
    roller(
      'roller-blockout',
      'Roller Blind — Blockout',
      'Coastline',
      group(
        'fabric',
        'Fabric',
        true,
        fabrics('sanctuary', 'Sanctuary Blockout', 3000, 0, 'Coastline', [
          'Chalk',
          'Pebble',
          'Charcoal',
          'Midnight',
        ]),
      ),
      95,
      48,
    ),
    roller(
      'roller-light-filter',
      'Roller Blind — Light Filtering',
      'Coastline',
      group(
        'fabric',
        'Fabric',
        true,
        fabrics('linesque', 'Linesque Light Filter', 2500, 0, 'Coastline', ['Snow', 'Oatmeal', 'Flax']),
      ),
      89,
      42,
    ),
    roller(
      'roller-screen',
      'Roller Blind — Sunscreen 5%',
      'Aria Shades',
      group(
        'fabric',
        'Fabric',
        true,
        fabrics('solar', 'Solar View 5%', 3000, 0, 'Aria Shades', ['White Pearl', 'Grey Bronze', 'Black']),
      ),
      99,
      55,
    ),
    roller(
      'roller-double',
      'Double Roller Blind (Blockout + Screen)',
      'Aria Shades',
      group(
        'fabric',
        'Fabric',
        true,
        fabrics('duo', 'Duo Pack', 3000, 0, 'Aria Shades', ['Chalk / White', 'Charcoal / Black'], '35.00'),
      ),
      185,
      92,
    ),
    {
      key: 'roman-classic',
      name: 'Roman Blind — Classic Fold',
      brand: 'Coastline',
      category: 'roman',
      hasWidth: true,
      hasHeight: true,
      hasQuantity: true,
      unit: 'mm',
      sizeLimits: limits(400, 2700, 400, 3000),
      priceGrid: areaGrid(metric, metric, 165, 86),
      optionGroups: [
        group('control', 'Control', true, [
          base('cord-lock', 'Cord lock'),
          base('chain-clutch', 'Chain and clutch', '24.00'),
        ]),
        group(
          'fabric',
          'Fabric',
          true,
          fabrics('belgian', 'Belgian Linen', 2800, 640, 'Coastline', ['Natural', 'Ivory', 'Slate']),
        ),
        group('lining', 'Lining', true, [
          base('lining-none', 'Unlined'),
          base('lining-thermal', 'Thermal', '38.00'),
          base('lining-blockout', 'Blockout', '46.00'),
        ]),
      ],
      rules: { incompatible: [['cord-lock', 'lining-blockout']] },
    },
    {
      key: 'vertical-fabric',
      name: 'Vertical Blind — Fabric 89 mm',
      brand: 'Coastline',
      category: 'vertical',
      hasWidth: true,
      hasHeight: true,
      hasQuantity: true,
      unit: 'mm',
      sizeLimits: limits(450, 3000, 450, 3000),
      priceGrid: areaGrid(metric, metric, 79, 38),
      optionGroups: [
        group('stack', 'Stack', true, [
          base('stack-left', 'Stack left'),
          base('stack-right', 'Stack right'),
          base('stack-centre', 'Split stack, centre', '15.00'),
        ]),
        group(
          'fabric',
          'Fabric',
          true,
          fabrics('mode', 'Mode Vertical', 89, 0, 'Coastline', ['White', 'Stone', 'Ash']),
        ),
        group('chainless', 'Bottom chain', false, [
          base('chainless', 'Chainless (weighted) bottom', '22.00'),
        ]),
      ],
      rules: { incompatible: [['stack-centre', 'chainless']] },
    },
    {
      key: 'vertical-pvc',
      name: 'Vertical Blind — PVC 127 mm',
      brand: 'Aria Shades',
      category: 'vertical',
      hasWidth: true,
      hasHeight: true,
      hasQuantity: true,
      unit: 'mm',
      sizeLimits: limits(450, 3000, 450, 3000),
      priceGrid: areaGrid(metric, metric, 72, 34),
      optionGroups: [
        group('stack', 'Stack', true, [base('stack-left', 'Stack left'), base('stack-right', 'Stack right')]),
        group('colour', 'Colour', true, [
          base('pvc-white', 'White'),
          base('pvc-birch', 'Birch'),
          base('pvc-grey', 'Grey'),
        ]),
      ],
      rules: { incompatible: [] },
    },
    {
      key: 'panel-glide',
      name: 'Panel Glide — 4 Track',
      brand: 'Aria Shades',
      category: 'vertical',
      hasWidth: true,
      hasHeight: true,
      hasQuantity: true,
      unit: 'mm',
      sizeLimits: limits(1200, 4800, 600, 3000),
      priceGrid: areaGrid(steps(1200, 4800, 600), metric, 260, 88),
      optionGroups: [
        group('stack', 'Stack', true, [
          base('stack-left', 'Stack left'),
          base('stack-right', 'Stack right'),
          base('stack-split', 'Split stack'),
        ]),
        group(
          'fabric',
          'Fabric',
          true,
          fabrics('solar', 'Solar View 5%', 3000, 0, 'Aria Shades', ['White Pearl', 'Grey Bronze']),
        ),
        group('wand', 'Wand', false, [base('wand', 'Wand control', '15.00')]),
      ],
      rules: { incompatible: [] },
    },
    ...[
      ['honeycomb-single', 'Honeycomb Blind — Single Cell', 149, 70, '45'],
      ['honeycomb-double', 'Honeycomb Blind — Double Cell Blockout', 189, 92, '38'],
    ].map(([key, name, basePrice, perM2, pleat]) => ({
      key,
      name,
      brand: 'Aria Shades',
      category: 'honeycomb',
      hasWidth: true,
      hasHeight: true,
      hasQuantity: true,
      unit: 'mm',
      sizeLimits: limits(300, 2400, 300, 2400),
      priceGrid: areaGrid(steps(600, 2400, 300), steps(600, 2400, 300), basePrice, perM2),
      optionGroups: [
        group('operation', 'Operation', true, [
          base('cordless', 'Cordless'),
          base('top-down-bottom-up', 'Top down / bottom up', '55.00'),
          base('motor-hc', 'Motorised', '420.00'),
        ]),
        group(
          'fabric',
          'Fabric',
          true,
          fabrics(`cell-${pleat}`, `Cellular ${pleat} mm`, 2400, 0, 'Aria Shades', [
            'Alabaster',
            'Fog',
            'Graphite',
          ]),
        ),
      ],
      rules: { incompatible: [['top-down-bottom-up', 'motor-hc']] },
    })),
    {
      key: 'curtain-sheer',
      name: 'Sheer Curtain — S-Fold',
      brand: 'Coastline',
      category: 'curtains',
      hasWidth: true,
      hasHeight: true,
      hasQuantity: true,
      unit: 'mm',
      sizeLimits: limits(600, 6000, 600, 3300),
      priceGrid: areaGrid(steps(600, 6000, 600), steps(600, 3300, 300), 120, 58),
      optionGroups: [
        group('heading', 'Heading', true, [
          base('s-fold', 'S-fold'),
          base('pinch-pleat', 'Pinch pleat', '30.00'),
        ]),
        group(
          'fabric',
          'Fabric',
          true,
          fabrics('voile', 'Harbour Voile', 3000, 0, 'Coastline', ['Snow', 'Mist', 'Sand']),
        ),
        group('track', 'Track', true, [
          base('track-hand', 'Hand drawn track'),
          base('track-wand', 'Wand drawn track', '18.00'),
          base('track-motor', 'Motorised track', '520.00'),
        ]),
      ],
      rules: { incompatible: [['pinch-pleat', 'track-wand']] },
    },
    {
      key: 'motion-hub',
      name: 'Motion Smart Hub',
      brand: 'Motion Smart',
      category: 'motorisation',
      hasWidth: false,
      hasHeight: false,
      hasQuantity: true,
      bundleOnly: true,
      unit: 'mm',
      sizeLimits: {},
      priceGrid: single('189.00'),
      optionGroups: [],
      rules: { incompatible: [] },
    },
    {
      key: 'motion-remote',
      name: 'Motion Smart Remote',
      brand: 'Motion Smart',
      category: 'motorisation',
      hasWidth: false,
      hasHeight: false,
      hasQuantity: true,
      bundleOnly: true,
      unit: 'mm',
      sizeLimits: {},
      priceGrid: single('49.00'),
      optionGroups: [
        group('channels', 'Channels', true, [
          base('ch-1', '1 channel'),
          base('ch-5', '5 channel', '18.00'),
          base('ch-15', '15 channel', '39.00'),
        ]),
      ],
      rules: { incompatible: [] },
    },
    {
      key: 'motion-roller',
      name: 'Motorised Roller Blind — Wired 240 V',
      brand: 'Motion Smart',
      category: 'motorisation',
      hasWidth: true,
      hasHeight: true,
      hasQuantity: true,
      bundleOnly: true,
      unit: 'mm',
      sizeLimits: limits(500, 3000, 300, 3000),
      priceGrid: areaGrid(metric, metric, 520, 48),
      optionGroups: [
        group(
          'fabric',
          'Fabric',
          true,
          fabrics('sanctuary', 'Sanctuary Blockout', 3000, 0, 'Coastline', ['Chalk', 'Charcoal']),
        ),
        group('motor-side', 'Motor side', true, [base('motor-left', 'Left'), base('motor-right', 'Right')]),
      ],
      rules: { incompatible: [] },
    },
  ],
};

const shutter = (key, name, basePrice, perM2, materials) => ({
  key,
  name,
  brand: 'Sunview Shutters',
  category: 'shutters',
  hasWidth: true,
  hasHeight: true,
  hasQuantity: true,
  unit: 'mm',
  sizeLimits: limits(250, 3000, 300, 3000),
  priceGrid: areaGrid(metric, metric, basePrice, perM2),
  optionGroups: [
    group('material', 'Material', true, materials),
    group('louvre', 'Louvre', true, [
      base('louvre-64', '64 mm'),
      base('louvre-89', '89 mm'),
      base('louvre-114', '114 mm', '24.00'),
    ]),
    group('frame', 'Frame', true, [
      base('frame-l', 'L frame'),
      base('frame-z', 'Z frame', '35.00'),
      base('frame-none', 'No frame (direct mount)'),
    ]),
    group('tilt', 'Tilt', true, [
      base('tilt-rod', 'Front tilt rod'),
      base('tilt-hidden', 'Hidden tilt', '45.00'),
    ]),
  ],
  rules: {
    incompatible: [
      ['louvre-114', 'frame-none'],
      ['louvre-64', 'tilt-hidden'],
    ],
  },
});

const awning = (key, name, basePrice, perM2) => ({
  key,
  name,
  brand: 'Outlook Awnings',
  category: 'awnings',
  hasWidth: true,
  hasHeight: true,
  hasQuantity: true,
  unit: 'mm',
  sizeLimits: limits(1000, 4800, 600, 3000),
  priceGrid: areaGrid(steps(1200, 4800, 600), metric, basePrice, perM2),
  optionGroups: [
    group(
      'fabric',
      'Fabric',
      true,
      fabrics('acrylic', 'Outdoor Acrylic', 1200, 0, 'Outlook Awnings', [
        'Ecru',
        'Charcoal Stripe',
        'Marine Blue',
        'Sage',
      ]),
    ),
    group('operation', 'Operation', true, [
      base('crank', 'Crank (gear)'),
      base('awning-motor', 'Motorised', '640.00'),
    ]),
    group('sensor', 'Sensor', false, [
      base('wind-sensor', 'Wind sensor', '195.00'),
      base('sun-wind-sensor', 'Sun and wind sensor', '285.00'),
    ]),
  ],
  rules: {
    incompatible: [
      ['crank', 'wind-sensor'],
      ['crank', 'sun-wind-sensor'],
    ],
  },
});

const sunview = {
  key: 'sunview',
  name: 'Sunview Shutters & Awnings',
  email: 'sales@sunview.example',
  timezone: 'Australia/Brisbane',
  logo: null,
  isInternal: false,
  offlineOnly: true,
  shippingMethods: [
    { name: 'Sunview delivery', address: null },
    { name: 'Pick up — Eagle Farm', address: '12 Lavarack Avenue, Eagle Farm QLD 4009' },
  ],
  brands: [
    { name: 'Sunview Shutters', disableFineFractions: false },
    { name: 'Outlook Awnings', disableFineFractions: false },
  ],
  products: [
    shutter('shutter-basswood', 'Plantation Shutter — Basswood', 210, 295, [
      base('basswood-paint', 'Basswood, painted'),
      base('basswood-stain', 'Basswood, stained', '40.00'),
    ]),
    shutter('shutter-pvc', 'Plantation Shutter — PVC', 165, 235, [
      base('pvc-white', 'PVC, white'),
      base('pvc-warm', 'PVC, warm white'),
    ]),
    shutter('shutter-aluminium', 'Security Shutter — Aluminium', 290, 360, [
      base('alu-satin', 'Aluminium, satin'),
      base('alu-bronze', 'Aluminium, bronze', '55.00'),
    ]),
    awning('awning-folding-arm', 'Folding Arm Awning', 890, 145),
    awning('awning-straight-drop', 'Straight Drop Awning', 420, 96),
    awning('awning-auto-guide', 'Auto Guide Awning', 560, 118),
    {
      key: 'venetian-aluminium',
      name: 'Venetian Blind — Aluminium 25 mm',
      brand: 'Sunview Shutters',
      category: 'venetian',
      hasWidth: true,
      hasHeight: true,
      hasQuantity: true,
      unit: 'mm',
      sizeLimits: limits(300, 2700, 300, 3000),
      priceGrid: areaGrid(metric, metric, 69, 44),
      optionGroups: [
        group('colour', 'Colour', true, [
          base('alu-white', 'Gloss white'),
          base('alu-silver', 'Brushed silver'),
          base('alu-black', 'Matt black', '8.00'),
        ]),
        group('control', 'Control', true, [
          base('cord-wand', 'Cord and wand'),
          base('cordless-v', 'Cordless', '36.00'),
        ]),
      ],
      rules: { incompatible: [] },
    },
    {
      key: 'venetian-timber',
      name: 'Venetian Blind — Timber 50 mm',
      brand: 'Sunview Shutters',
      category: 'venetian',
      hasWidth: true,
      hasHeight: true,
      hasQuantity: true,
      unit: 'mm',
      sizeLimits: limits(400, 2400, 300, 2700),
      priceGrid: areaGrid(steps(600, 2400, 300), steps(600, 2700, 300), 129, 88),
      optionGroups: [
        group('finish', 'Finish', true, [
          base('timber-white', 'Painted white'),
          base('timber-oak', 'Oak stain', '25.00'),
          base('timber-walnut', 'Walnut stain', '25.00'),
        ]),
        group('tapes', 'Ladder', true, [
          base('ladder-cord', 'Ladder cord'),
          base('ladder-tape', '38 mm tape', '48.00'),
        ]),
      ],
      rules: { incompatible: [] },
    },
  ],
};

const inches = steps(24, 96, 12);
const harbour = {
  key: 'harbour-workroom',
  name: 'Harbour Workroom',
  email: 'workroom@harbourblinds.example',
  timezone: 'Australia/Sydney',
  logo: null,
  isInternal: true,
  offlineOnly: false,
  shippingMethods: [{ name: 'Workroom van', address: '14 Wharf Street, Balmain NSW 2041' }],
  brands: [
    { name: 'Harbour Made', disableFineFractions: false },
    { name: 'Heritage Imperial', disableFineFractions: true },
  ],
  products: [
    {
      key: 'roman-relaxed',
      name: 'Roman Blind — Relaxed (workroom made)',
      brand: 'Harbour Made',
      category: 'roman',
      hasWidth: true,
      hasHeight: true,
      hasQuantity: true,
      unit: 'mm',
      sizeLimits: limits(400, 2400, 400, 2700),
      priceGrid: areaGrid(steps(600, 2400, 300), steps(600, 2700, 300), 180, 95),
      optionGroups: [
        group(
          'fabric',
          'Fabric',
          true,
          fabrics('harbour-linen', 'Harbour Linen', 1400, 320, 'Harbour Made', ['Salt', 'Driftwood', 'Navy']),
        ),
        group('lining', 'Lining', true, [
          base('lining-cotton', 'Cotton sateen'),
          base('lining-blockout', 'Blockout', '42.00'),
        ]),
      ],
      rules: { incompatible: [] },
    },
    {
      key: 'curtain-pinch-pleat',
      name: 'Curtain — Triple Pinch Pleat',
      brand: 'Harbour Made',
      category: 'curtains',
      hasWidth: true,
      hasHeight: true,
      hasQuantity: true,
      unit: 'mm',
      sizeLimits: limits(600, 6000, 600, 3300),
      priceGrid: areaGrid(steps(600, 6000, 600), steps(600, 3300, 300), 150, 72),
      optionGroups: [
        group(
          'fabric',
          'Fabric',
          true,
          fabrics('harbour-linen', 'Harbour Linen', 1400, 320, 'Harbour Made', ['Salt', 'Driftwood', 'Navy']),
        ),
        group('lining', 'Lining', true, [
          base('lining-none', 'Unlined'),
          base('lining-thermal', 'Thermal', '36.00'),
          base('lining-blockout', 'Blockout', '44.00'),
        ]),
        group('track', 'Track', false, [
          base('rod-timber', 'Timber rod', '85.00'),
          base('track-ceiling', 'Ceiling track', '65.00'),
        ]),
      ],
      rules: { incompatible: [['lining-none', 'rod-timber']] },
    },
    {
      key: 'curtain-wave',
      name: 'Curtain — Wave Fold',
      brand: 'Harbour Made',
      category: 'curtains',
      hasWidth: true,
      hasHeight: true,
      hasQuantity: true,
      unit: 'mm',
      sizeLimits: limits(600, 6000, 600, 3300),
      priceGrid: areaGrid(steps(600, 6000, 600), steps(600, 3300, 300), 160, 78),
      optionGroups: [
        group(
          'fabric',
          'Fabric',
          true,
          fabrics('coastal-weave', 'Coastal Weave', 2900, 0, 'Harbour Made', ['Chalk', 'Sand', 'Stone']),
        ),
        group('track', 'Track', true, [
          base('wave-track', 'Wave track'),
          base('wave-motor', 'Motorised wave track', '560.00'),
        ]),
      ],
      rules: { incompatible: [] },
    },
    {
      key: 'heritage-roller',
      name: 'Heritage Roller Blind (imperial)',
      brand: 'Heritage Imperial',
      category: 'roller',
      hasWidth: true,
      hasHeight: true,
      hasQuantity: true,
      unit: 'in',
      sizeLimits: limits(12, 96, 12, 96),
      priceGrid: inchGrid(inches, inches, 90, 46),
      optionGroups: [
        group('control', 'Control', true, [
          base('chain-left', 'Chain control, left'),
          base('chain-right', 'Chain control, right'),
        ]),
        group(
          'fabric',
          'Fabric',
          true,
          fabrics('heritage', 'Heritage Blockout', 118, 0, 'Heritage Imperial', ['Ivory', 'Pewter']),
        ),
      ],
      rules: { incompatible: [] },
    },
    {
      key: 'heritage-venetian',
      name: 'Heritage Venetian 2 in (imperial)',
      brand: 'Heritage Imperial',
      category: 'venetian',
      hasWidth: true,
      hasHeight: true,
      hasQuantity: true,
      unit: 'in',
      sizeLimits: limits(12, 96, 12, 96),
      priceGrid: inchGrid(inches, inches, 120, 80),
      optionGroups: [
        group('finish', 'Finish', true, [
          base('faux-white', 'Faux wood, white'),
          base('faux-grey', 'Faux wood, grey'),
        ]),
      ],
      rules: { incompatible: [] },
    },
    {
      key: 'heritage-honeycomb',
      name: 'Heritage Honeycomb (imperial)',
      brand: 'Heritage Imperial',
      category: 'honeycomb',
      hasWidth: true,
      hasHeight: true,
      hasQuantity: true,
      unit: 'in',
      sizeLimits: limits(12, 96, 12, 96),
      priceGrid: inchGrid(inches, inches, 140, 74),
      optionGroups: [
        group('operation', 'Operation', true, [
          base('cordless', 'Cordless'),
          base('top-down-bottom-up', 'Top down / bottom up', '55.00'),
        ]),
      ],
      rules: { incompatible: [] },
    },
    {
      key: 'premium-silk-roman',
      name: 'Premium Silk Roman Blind',
      brand: 'Harbour Made',
      category: 'roman',
      hasWidth: true,
      hasHeight: true,
      hasQuantity: true,
      bundleOnly: true,
      unit: 'mm',
      sizeLimits: limits(400, 2400, 400, 2700),
      priceGrid: areaGrid(steps(600, 2400, 300), steps(600, 2700, 300), 260, 150),
      optionGroups: [
        group(
          'fabric',
          'Fabric',
          true,
          fabrics('dupioni', 'Dupioni Silk', 1370, 0, 'Harbour Made', ['Champagne', 'Pearl', 'Graphite']),
        ),
      ],
      rules: { incompatible: [] },
    },
    {
      key: 'premium-velvet-curtain',
      name: 'Premium Velvet Curtain',
      brand: 'Harbour Made',
      category: 'curtains',
      hasWidth: true,
      hasHeight: true,
      hasQuantity: true,
      bundleOnly: true,
      unit: 'mm',
      sizeLimits: limits(600, 6000, 600, 3300),
      priceGrid: areaGrid(steps(600, 6000, 600), steps(600, 3300, 300), 240, 130),
      optionGroups: [
        group(
          'fabric',
          'Fabric',
          true,
          fabrics('velvet', 'Italian Velvet', 1400, 0, 'Harbour Made', ['Emerald', 'Ink', 'Rust']),
        ),
      ],
      rules: { incompatible: [] },
    },
  ],
};

const catalog = {
  suppliers: [coastline, sunview, harbour],
  bundles: [
    {
      key: 'motorisation',
      name: 'Motorisation',
      description: 'Motion Smart motors, hubs and remotes, with your install fee and trade discount.',
      exclusivityKey: null,
      sortOrder: 10,
      templateFields: [
        { templateKey: 'install-fee', label: 'Install fee per motor', operator: 'CURRENCY' },
        { templateKey: 'trade-discount', label: 'Trade discount factor', operator: 'FACTOR' },
      ],
      products: ['coastline/motion-hub', 'coastline/motion-remote', 'coastline/motion-roller'],
    },
    {
      key: 'premium-fabrics-a',
      name: 'Premium Fabrics A',
      description: 'Dupioni silk Romans from the workroom.',
      exclusivityKey: 'premium-fabrics',
      sortOrder: 20,
      templateFields: [{ templateKey: 'fabric-factor', label: 'Fabric price factor', operator: 'FACTOR' }],
      products: ['harbour-workroom/premium-silk-roman'],
    },
    {
      key: 'premium-fabrics-b',
      name: 'Premium Fabrics B',
      description: 'Italian velvet curtains from the workroom.',
      exclusivityKey: 'premium-fabrics',
      sortOrder: 30,
      templateFields: [{ templateKey: 'fabric-factor', label: 'Fabric price factor', operator: 'FACTOR' }],
      products: ['harbour-workroom/premium-velvet-curtain'],
    },
  ],
};

// Arrays of plain values (breakpoints, price rows, rule pairs) on one line keep the file short.
const text = JSON.stringify(catalog, null, 2).replace(
  /\[\s+([^[\]{}]*?)\s+\]/g,
  (_, inner) => `[${inner.split(/,\s+/).join(', ')}]`,
);
const out = path.join(here, 'demo-catalog.json');
fs.writeFileSync(out, `${text}\n`);
// Biome owns the repository's JSON layout; format here so a regenerated file passes `npm run lint`.
execFileSync('npx', ['biome', 'format', '--write', out], { stdio: 'ignore' });
const count = catalog.suppliers.reduce((n, s) => n + s.products.length, 0);
console.log(
  `demo-catalog.json: ${catalog.suppliers.length} suppliers, ${count} products, ${catalog.bundles.length} bundles`,
);
