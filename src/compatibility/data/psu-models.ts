/**
 * Power supply model names that carry the rated output, for titles that write the model but not "NNN W"
 * (Corsair RM850e = 850 W, MSI MAG A650BN = 650 W, Seasonic FOCUS GX-750 = 750 W...). Each pattern's
 * first group is the wattage. A pattern applies only when its maker is named in the text: the short
 * codes (CV650, C850, P750GM) are unambiguous only within one maker's range.
 * Sources: the makers' own series naming (corsair.com, msi.com, seasonic.com, nzxt.com, gigabyte.com,
 * deepcool.com, antec.com, coolermaster.com, asus.com, evga.com).
 */

export interface PsuModelPattern {
  /** Looked for as a whole word, case-insensitive. */
  maker: string;
  series: string;
  pattern: RegExp;
}

export const PSU_MODEL_PATTERNS = [
  { maker: 'corsair', series: 'RM, RMe, RMx, RMi, RMx SHIFT', pattern: /\bRM(\d{3,4})[exi]?\b/i },
  { maker: 'corsair', series: 'CX, CX-M, CX-F', pattern: /\bCX(\d{3})[MF]?\b/i },
  { maker: 'corsair', series: 'CV', pattern: /\bCV(\d{3})\b/i },
  { maker: 'corsair', series: 'SF, SF-L', pattern: /\bSF(\d{3,4})L?\b/i },
  { maker: 'corsair', series: 'HX, HXi', pattern: /\bHX(\d{3,4})i?\b/i },
  { maker: 'corsair', series: 'TX-M', pattern: /\bTX(\d{3,4})M\b/i },
  { maker: 'corsair', series: 'AX, AXi', pattern: /\bAX(\d{3,4})i?\b/i },
  { maker: 'msi', series: 'MAG/MPG A...BN/BE/GL/GF/GS/G', pattern: /\bA(\d{3,4})(?:BN|BE|GL|GF|GS|G)\b/i },
  { maker: 'msi', series: 'MEG Ai...P', pattern: /\bAi(\d{4})P\b/i },
  { maker: 'seasonic', series: 'FOCUS, CORE, PRIME, VERTEX, G12', pattern: /\b(?:GX|GM|PX|TX|GC|FX|SGX)-(\d{3,4})\b/i },
  { maker: 'nzxt', series: 'C', pattern: /\bC(\d{3,4})\b/i },
  { maker: 'gigabyte', series: 'UD, P', pattern: /\b(?:UD|P)(\d{3,4})(?:GM|GS|G|B)\b/i },
  { maker: 'deepcool', series: 'PK, PN, PL, PM, PQ', pattern: /\bP[KNLMQ](\d{3,4})[DMG]?\b/i },
  { maker: 'antec', series: 'NeoECO NE, CSK, HCG', pattern: /\b(?:NE|CSK|HCG)(\d{3,4})G?\b/i },
  { maker: 'cooler master', series: 'MWE', pattern: /\bMWE\s+(?:Gold\s+|Bronze\s+|White\s+)?(\d{3,4})\b/i },
  { maker: 'cooler master', series: 'V', pattern: /\bV(\d{3,4})\b/i },
  { maker: 'asus', series: 'ROG STRIX, THOR, LOKI, TUF GAMING codes', pattern: /\b(?:STRIX|THOR|LOKI|TUF-GAMING)-(\d{3,4})[BGPT]\b/i },
  { maker: 'evga', series: 'SuperNOVA', pattern: /\bSuperNOVA\s+(\d{3,4})\b/i },
] as const satisfies readonly PsuModelPattern[];
