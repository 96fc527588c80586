/**
 * Guesses the component type from an Amazon product title. The order matters: a cooler's title says
 * "per CPU", a motherboard's says "DDR5", a graphics card's says "PCIe" like an SSD's, so the more
 * specific kinds are checked first. Anything unrecognised is 'Other' (spec: imported type default).
 */
const RULES: readonly [string, RegExp][] = [
  ['Cooler', /dissipatore|cooler|raffreddamento|liquid freezer|\baio\b|ventola per cpu/i],
  ['Motherboard', /scheda madre|motherboard|mainboard|\b[abhxz]\d{3}[a-z]?\b.*(atx|itx|socket|am[45]|lga)/i],
  ['GPU', /scheda (video|grafica)|\b(geforce|rtx|gtx|radeon rx|arc [ab]\d{3})\b/i],
  ['PSU', /alimentatore|power supply|\bpsu\b|80 ?plus/i],
  ['Case', /\bcase\b|cabinet|chassis|(mid|full|mini)[- ]tower/i],
  ['Storage', /\bssd\b|nvme|hard disk|\bhdd\b|\bm\.2\b/i],
  ['RAM', /\bddr[45]\b|\bram\b|memoria|kit .*gb/i],
  ['CPU', /processore|\bcpu\b|ryzen|core (i[3579]|ultra)|intel core/i],
];

export function guessComponentType(title: string | null | undefined): string {
  if (!title) return 'Other';
  return RULES.find(([, pattern]) => pattern.test(title))?.[0] ?? 'Other';
}
