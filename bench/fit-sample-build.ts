/**
 * A realistic build of 10 components with 5 curated alternatives each (decision 030: the size the budget
 * fit is bounded for), shared by bench/budget-fit.ts (the fit alone) and bench/personalize.ts (the same
 * build published through the admin API, its variant rendered by the server). Real product titles, so the
 * compatibility attributes resolve; some alternatives are deliberately incompatible (another socket,
 * DDR4, a smaller case, an unknown form factor).
 */

/** [type, author's title, euro, five alternatives [title, euro] in the author's order]. */
export const SAMPLE_BUILD: [string, string, number, [string, number][]][] = [
  [
    'CPU',
    'AMD Ryzen 7 7800X3D',
    449,
    [
      ['AMD Ryzen 7 7700', 299],
      ['AMD Ryzen 5 7600', 199],
      ['Intel Core i5-14400F', 189],
      ['AMD Ryzen 5 7500F', 159],
      ['AMD Ryzen 9 7900', 389],
    ],
  ],
  [
    'Motherboard',
    'MSI B650 GAMING PLUS WIFI ATX AM5 DDR5',
    199,
    [
      ['GIGABYTE B650M GAMING X AX', 149],
      ['ASRock B650M Pro RS', 129],
      ['MSI PRO B760-P WIFI DDR5 ATX', 209],
      ['ASUS ROG STRIX B650E-I GAMING WIFI Mini-ITX', 279],
      ['MSI MAG X670E TOMAHAWK WIFI', 269],
    ],
  ],
  [
    'RAM',
    'Corsair Vengeance 32GB DDR5-6000',
    119,
    [
      ['Kingston FURY Beast 32GB DDR5 5600', 99],
      ['Corsair Vengeance LPX 16GB DDR4 3200', 45],
      ['Crucial 32GB DDR5-5200', 89],
      ['G.Skill Flare X5 32GB DDR5-6000', 109],
      ['Kingston FURY Beast 16GB DDR5 5600', 59],
    ],
  ],
  [
    'GPU',
    'ASUS Dual RTX 4070 SUPER',
    649,
    [
      ['RTX 4070', 549],
      ['RTX 4060 Ti', 399],
      ['RX 7800 XT', 499],
      ['RTX 4060', 299],
      ['RTX 5060 Ti', 449],
    ],
  ],
  [
    'Storage',
    'Samsung 990 PRO 2TB',
    179,
    [
      ['Samsung 990 EVO 1TB', 79],
      ['Crucial P3 Plus 2TB', 119],
      ['WD Black SN770 1TB', 69],
      ['Kingston NV2 1TB', 55],
      ['Samsung 990 PRO 1TB', 109],
    ],
  ],
  [
    'PSU',
    'Corsair RM750e 750W',
    109,
    [
      ['Corsair CX550 550W', 59],
      ['MSI MAG A650BN 650W', 69],
      ['Corsair RM650e 650W', 89],
      ['Corsair RM850e 850W', 129],
      ['be quiet! Pure Power 12 M 1000W', 159],
    ],
  ],
  [
    'Case',
    'NZXT H5 Flow Case ATX',
    99,
    [
      ['Case Micro-ATX', 49],
      ['Lian Li Lancool 216 Case ATX', 89],
      ['Case ATX Mid Tower', 59],
      ['Cooler Master NR200P Case Mini-ITX', 89],
      ['Corsair 4000D Airflow Case ATX', 94],
    ],
  ],
  [
    'Cooler',
    'Thermalright Peerless Assassin 120 SE',
    45,
    [
      ['Thermalright Assassin X 120', 22],
      ['ARCTIC Freezer 36', 35],
      ['Noctua NH-U12S redux', 55],
      ['DeepCool AK400', 33],
      ['ARCTIC Liquid Freezer III 240', 79],
    ],
  ],
  [
    'Ventole',
    'ARCTIC P12 PWM PST 5 pack',
    35,
    [
      ['ARCTIC P12 PWM 3 pack', 24],
      ['be quiet! Pure Wings 3 120 mm 3 pack', 39],
      ['Noctua NF-P12 redux 3 pack', 45],
      ['Thermalright TL-C12C 5 pack', 19],
      ['ARCTIC P14 PWM PST 5 pack', 42],
    ],
  ],
  [
    'Scheda Wi-Fi',
    'TP-Link Archer TX55E Wi-Fi 6',
    45,
    [
      ['TP-Link Archer T4E', 25],
      ['ASUS PCE-AXE59BT', 69],
      ['Intel AX210 kit', 29],
      ['Fenvi Wi-Fi 6E', 35],
      ['TP-Link Archer TXE72E', 59],
    ],
  ],
];
