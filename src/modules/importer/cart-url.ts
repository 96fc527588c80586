/**
 * Reads an Amazon cart-add URL (…/gp/aws/cart/add.html?ASIN.1=…&Quantity.1=1&ASIN.2=…&AssociateTag=…).
 * Parameters may come in any order and with gaps in the numbering; keys are case-insensitive.
 * Only Amazon links are accepted (amazon-hosts.ts), and the URL is only parsed: nothing is ever fetched.
 */
import { isAmazonLink } from '../../common/amazon-hosts';
import { isValidAsin, normalizeAsin } from '../../common/asin';
import { MAX_BUILD_COMPONENTS } from '../../common/bounds';
import { AppError } from '../../common/errors';
import { formatCount } from '../../common/format';

export interface ParsedCart {
  /** Valid ASINs in cart order (by their number), each once; at most MAX_BUILD_COMPONENTS. */
  asins: string[];
  /** Values of ASIN.n parameters that are not valid ASINs. */
  invalid: string[];
  associateTag: string | null;
}

export const IMPORT_MESSAGES = {
  empty: 'Inserisci un URL del carrello Amazon',
  notUrl: 'URL non valido: incolla il link completo del carrello Amazon (https://www.amazon.it/gp/aws/cart/add.html?...)',
  notAmazon: 'Sono accettati solo URL di Amazon (ad esempio https://www.amazon.it/...)',
  noAsins: "L'URL non contiene parametri ASIN (ASIN.1=...&ASIN.2=...): usa il link del carrello Amazon",
  tooMany: (distinct: number) =>
    `Il carrello contiene ${formatCount(distinct)} prodotti diversi, ma una build ne può avere al massimo ${MAX_BUILD_COMPONENTS}: importa un carrello con al massimo ${MAX_BUILD_COMPONENTS} prodotti`,
} as const;

export function parseCartUrl(input: string | null | undefined): ParsedCart {
  const text = input?.trim() ?? '';
  if (!text) throw new AppError('VALIDATION_ERROR', IMPORT_MESSAGES.empty);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AppError('VALIDATION_ERROR', IMPORT_MESSAGES.notUrl);
  }
  if (!isAmazonLink(text)) {
    throw new AppError('VALIDATION_ERROR', IMPORT_MESSAGES.notAmazon);
  }

  const numbered: { index: number; value: string }[] = [];
  let associateTag: string | null = null;
  for (const [key, value] of url.searchParams) {
    const asinKey = /^asin\.(\d{1,4})$/i.exec(key);
    if (asinKey) numbered.push({ index: Number(asinKey[1]), value: value.trim() });
    else if (/^(associatetag|tag)$/i.test(key) && value.trim()) associateTag ??= value.trim();
  }
  numbered.sort((a, b) => a.index - b.index);

  const distinct = new Set<string>();
  const invalid: string[] = [];
  for (const { value } of numbered) {
    const asin = normalizeAsin(value);
    if (isValidAsin(asin)) distinct.add(asin);
    else invalid.push(value);
  }
  if (distinct.size === 0) {
    const detail = invalid.length > 0 ? ` (valori non validi: ${invalid.join(', ')})` : '';
    throw new AppError('VALIDATION_ERROR', `${IMPORT_MESSAGES.noAsins}${detail}`);
  }
  // Counted once duplicates are gone, and refused before any retailer request: a cart larger than a build
  // would otherwise spend the shared daily budget on products the editor could never save.
  if (distinct.size > MAX_BUILD_COMPONENTS) throw new AppError('VALIDATION_ERROR', IMPORT_MESSAGES.tooMany(distinct.size));
  const asins = [...distinct];
  return { asins, invalid, associateTag };
}
