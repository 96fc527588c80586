import { describe, expect, it } from 'vitest';
import { isAppError } from '../../common/errors';
import { IMPORT_MESSAGES, parseCartUrl } from './cart-url';
import { guessComponentType } from './component-type';

function messageOf(input: string) {
  try {
    parseCartUrl(input);
  } catch (error) {
    if (isAppError(error)) return error.message;
    throw error;
  }
  return null;
}

describe('parseCartUrl', () => {
  it('reads ASINs in cart order with the associate tag', () => {
    expect(
      parseCartUrl('https://www.amazon.it/gp/aws/cart/add.html?AssociateTag=mio-21&ASIN.1=B0BMQJWBDM&Quantity.1=1&ASIN.2=B0C1234567&Quantity.2=1'),
    ).toEqual({ asins: ['B0BMQJWBDM', 'B0C1234567'], invalid: [], associateTag: 'mio-21' });
  });

  it('accepts any parameter order, gaps in the numbering, lowercase keys and values, and tag=', () => {
    expect(parseCartUrl('https://amazon.it/gp/aws/cart/add.html?asin.10=b0ccccccc3&tag=x-21&ASIN.2=B0BBBBBBB2&Quantity.2=1&ASIN.1=b0aaaaaaa1')).toEqual({
      asins: ['B0AAAAAAA1', 'B0BBBBBBB2', 'B0CCCCCCC3'],
      invalid: [],
      associateTag: 'x-21',
    });
  });

  it('keeps each ASIN once and reports invalid values', () => {
    expect(parseCartUrl('https://www.amazon.com/gp/aws/cart/add.html?ASIN.1=B0AAAAAAA1&ASIN.2=b0aaaaaaa1&ASIN.3=short&ASIN.4=B0AAAAAAA2')).toEqual({
      asins: ['B0AAAAAAA1', 'B0AAAAAAA2'],
      invalid: ['short'],
      associateTag: null,
    });
  });

  it.each([
    ['', IMPORT_MESSAGES.empty],
    ['   ', IMPORT_MESSAGES.empty],
    ['carrello amazon', IMPORT_MESSAGES.notUrl],
    ['https://evil.example.com/gp/aws/cart/add.html?ASIN.1=B0AAAAAAA1', IMPORT_MESSAGES.notAmazon],
    ['https://amazon.it.evil.com/cart?ASIN.1=B0AAAAAAA1', IMPORT_MESSAGES.notAmazon],
    ['javascript:alert(1)//amazon.it?ASIN.1=B0AAAAAAA1', IMPORT_MESSAGES.notAmazon],
    ['https://www.amazon.it/dp/B0AAAAAAA1', IMPORT_MESSAGES.noAsins],
    ['https://www.amazon.it/gp/aws/cart/add.html?ASIN.1=nope', `${IMPORT_MESSAGES.noAsins} (valori non validi: nope)`],
  ])('refuses %j', (input, message) => {
    expect(messageOf(input)).toBe(message);
  });
});

describe('guessComponentType', () => {
  it.each([
    ['AMD Ryzen 5 9600X Processore, 6 core', 'CPU'],
    ['Intel Core Ultra 7 265K', 'CPU'],
    ['Thermalright Peerless Assassin 120 SE Dissipatore ad aria per CPU', 'Cooler'],
    ['ARCTIC Liquid Freezer III Pro 360', 'Cooler'],
    ['Gigabyte B650 EAGLE AX Scheda madre AMD B650, AM5, DDR5', 'Motherboard'],
    ['MSI GeForce RTX 5070 12G VENTUS 2X OC Scheda grafica, PCIe 5.0', 'GPU'],
    ['Sapphire Pulse AMD Radeon RX 9060 XT 16GB', 'GPU'],
    ['Corsair RM750e Alimentatore ATX completamente modulare, 80 PLUS Gold', 'PSU'],
    ['Lian Li LANCOOL 207 Case ATX Mid-Tower', 'Case'],
    ['WD_BLACK SN7100 1TB NVMe SSD M.2 2280 PCIe Gen4', 'Storage'],
    ['Kingston FURY Beast 32GB (2x16GB) 6000MT/s DDR5 CL30', 'RAM'],
    ['Tappetino per mouse XXL', 'Other'],
    ['', 'Other'],
  ])('%s -> %s', (title, type) => {
    expect(guessComponentType(title)).toBe(type);
  });
});
