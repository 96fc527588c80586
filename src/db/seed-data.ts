/**
 * Demo content loaded into an empty database (see seed.ts): seven build guides with their components,
 * two alternative categories and a few product-level alternatives. Prices are euro, ASINs are Amazon.it.
 */

export interface SeedComponent {
  type: 'CPU' | 'Motherboard' | 'RAM' | 'GPU' | 'Storage' | 'PSU' | 'Cooler' | 'Case';
  name: string;
  brand: string;
  model: string;
  specs: string;
  price: number;
  asin: string;
}

export interface SeedBuild {
  title: string;
  description: string;
  content: string;
  category: 'gaming' | 'editing' | 'office' | 'workstation' | 'budget' | 'premium';
  budget: number;
  status: 'published' | 'draft';
  meta_title: string | null;
  meta_description: string | null;
  publishedDaysAgo: number | null;
  views: number;
  components: SeedComponent[];
}

export interface SeedAlternative {
  asin: string;
  name: string;
  price: number;
  priority: 1 | 2 | 3 | 4 | 5;
}

export interface SeedAlternativeCategory {
  name: string;
  description: string;
  component_type: SeedComponent['type'];
  alternatives: SeedAlternative[];
}

export interface SeedProductAlternative extends SeedAlternative {
  originalAsin: string;
}

/** Products used by more than one build keep the same ASIN. */
const kingstonFuryBeast32Ddr5: SeedComponent = {
  type: 'RAM',
  name: 'Kingston FURY Beast 32GB (2x16GB) 6000MT/s DDR5 CL30 Kit memoria desktop, AMD EXPO e Intel XMP 3.0',
  brand: 'Kingston',
  model: 'FURY Beast DDR5-6000 CL30 32 GB',
  specs: '2x16 GB DDR5-6000 CL30, profilo EXPO',
  price: 129.9,
  asin: 'B0DB4KWL2M',
};

const arcticLiquidFreezer360: SeedComponent = {
  type: 'Cooler',
  name: 'ARCTIC Liquid Freezer III Pro 360 Dissipatore a liquido AIO per CPU, radiatore 360 mm, compatibile AM5 e LGA1851',
  brand: 'ARCTIC',
  model: 'Liquid Freezer III Pro 360',
  specs: 'AIO 360 mm, 3 ventole P12 Pro, AM5 / LGA1700 / LGA1851',
  price: 89.9,
  asin: 'B0HGCP7LJF',
};

export const demoBuilds: SeedBuild[] = [
  {
    title: 'PC Gaming 1440p da 1200 euro: la build equilibrata con Ryzen 5 9600X e RTX 5070',
    description:
      'Ryzen 5 9600X e GeForce RTX 5070 per giocare in 1440p ad alto refresh senza svenarsi: la configurazione più equilibrata per chi vuole dettagli alti e frame rate elevati.',
    content: `Il 1440p è ormai il punto di equilibrio ideale per chi gioca su PC: più nitido del Full HD, molto meno esigente del 4K e con monitor a 165-180 Hz che costano quanto un buon paio di cuffie. Con questa configurazione da circa 1200 euro puntiamo proprio lì: dettagli alti in tutti i titoli recenti, frame rate elevati negli sparatutto competitivi e un margine di aggiornamento che non ci costringerà a rifare tutto tra due anni.

## A chi è rivolta

È la build pensata per chi ha un monitor QHD (o sta per comprarlo) e vuole giocare a tutto, dai tripla A single player agli eSport, senza compromessi evidenti. Non è una macchina da streaming professionale né da montaggio video pesante, ma se la cava benissimo anche con qualche progetto creativo occasionale.

## Processore e dissipatore

Il cuore del sistema è l'**AMD Ryzen 5 9600X**: sei core Zen 5, frequenze fino a 5,4 GHz e consumi contenuti. In gioco è velocissimo e, soprattutto, vive sulla piattaforma AM5, che AMD continuerà a supportare ancora a lungo. Per raffreddarlo abbiamo scelto il **Thermalright Peerless Assassin 120 SE**, un dissipatore a doppia torre che costa poco e tiene il processore fresco e silenzioso anche nelle sessioni più lunghe.

## Scheda madre e memoria

La **Gigabyte B650 Eagle AX** offre tutto ciò che serve: Wi-Fi 6E, tre slot M.2 e una sezione di alimentazione più che adeguata per un sei core. Non ha senso spendere di più per un chipset X870 se non si sfruttano USB4 o il PCIe 5.0 per la scheda video. Per la RAM andiamo su 32 GB di DDR5-6000 CL30 (kit **Kingston FURY Beast**), la combinazione ideale per i Ryzen: basta attivare il profilo *EXPO* nel BIOS per farla lavorare alla frequenza corretta.

## Scheda video

Qui si concentra quasi metà del budget, ed è giusto così. La [GeForce RTX 5070](https://www.amazon.it/dp/B0G5K6VVIX) con 12 GB di GDDR7 è la scheda più sensata per il 1440p: prestazioni da fascia alta, consumi contenuti (circa 250 W) e il supporto al DLSS 4 con *Multi Frame Generation*, che nei titoli compatibili fa davvero la differenza.

Cosa aspettarsi con impostazioni alte e DLSS Qualità dove disponibile:

- **Cyberpunk 2077** con ray tracing medio: 90-100 FPS, oltre 150 con la generazione di frame
- **Black Myth: Wukong**: intorno ai 75-85 FPS
- **Counter-Strike 2** e **Valorant**: stabilmente sopra i 300 FPS
- **Forza Horizon 5** a dettagli estremi: circa 130 FPS

## Archiviazione, alimentatore e case

Per il sistema operativo e i giochi usiamo un **WD_BLACK SN7100 da 1 TB**, un SSD PCIe 4.0 veloce e parco nei consumi. Visto che i giochi moderni superano spesso i 100 GB, mettiamo in conto un secondo SSD più avanti. L'alimentatore è un **Corsair RM750e**: 80 PLUS Gold, completamente modulare e conforme ATX 3.1, con connettore 12V-2x6 nativo per la scheda video. I 750 W lasciano margine anche per una futura GPU più potente. Il tutto trova posto nel **Lian Li Lancool 207**, un case dall'ottimo flusso d'aria che include già quattro ventole.

## Possibili upgrade

Il primo intervento consigliato è un secondo SSD da 2 TB. In futuro, grazie al socket AM5, si potrà passare a un *Ryzen 7 9800X3D* (o ai suoi successori) senza cambiare scheda madre né memoria: è l'aggiornamento che offre il salto più netto nei giochi limitati dalla CPU. Se invece si vuole spremere ancora di più il 1440p, l'alimentatore regge senza problemi anche una RTX 5070 Ti.`,
    category: 'gaming',
    budget: 1200,
    status: 'published',
    meta_title: 'PC Gaming 1440p da 1200 euro: Ryzen 5 9600X e RTX 5070',
    meta_description:
      'La build gaming da 1200 euro per il 1440p: Ryzen 5 9600X, RTX 5070 e 32 GB DDR5. Componenti, prezzi, FPS nei giochi più recenti e upgrade consigliati.',
    publishedDaysAgo: 19,
    views: 8640,
    components: [
      {
        type: 'CPU',
        name: 'AMD Ryzen 5 9600X Processore, 6 core, 12 thread, fino a 5.4 GHz, socket AM5',
        brand: 'AMD',
        model: 'Ryzen 5 9600X',
        specs: '6 core / 12 thread, AM5, 65 W',
        price: 189.9,
        asin: 'B0FXL8C1AX',
      },
      {
        type: 'Cooler',
        name: 'Thermalright Peerless Assassin 120 SE Dissipatore ad aria per CPU, 6 heatpipe, doppia ventola da 120 mm',
        brand: 'Thermalright',
        model: 'Peerless Assassin 120 SE',
        specs: 'Doppia torre, 2 ventole da 120 mm, AM5 / LGA1700',
        price: 34.9,
        asin: 'B0GTUWYUFN',
      },
      {
        type: 'Motherboard',
        name: 'Gigabyte B650 EAGLE AX Scheda madre AMD B650, AM5, DDR5, 3x M.2 PCIe, Wi-Fi 6E',
        brand: 'Gigabyte',
        model: 'B650 Eagle AX',
        specs: 'ATX, AM5, DDR5, Wi-Fi 6E, 3x M.2',
        price: 139.9,
        asin: 'B0BC0G22W8',
      },
      kingstonFuryBeast32Ddr5,
      {
        type: 'GPU',
        name: 'MSI GeForce RTX 5070 12G VENTUS 2X OC Scheda grafica, 12 GB GDDR7, 192 bit, PCIe 5.0, DLSS 4',
        brand: 'MSI',
        model: 'GeForce RTX 5070 Ventus 2X OC',
        specs: '12 GB GDDR7, DLSS 4, 250 W',
        price: 549,
        asin: 'B0G5K6VVIX',
      },
      {
        type: 'Storage',
        name: 'WD_BLACK SN7100 1TB NVMe SSD M.2 2280 PCIe Gen4, fino a 7.250 MB/s',
        brand: 'Western Digital',
        model: 'WD_BLACK SN7100 1 TB',
        specs: 'NVMe PCIe 4.0, M.2 2280, 7.250 MB/s',
        price: 79.9,
        asin: 'B0BPHHTQWA',
      },
      {
        type: 'PSU',
        name: 'Corsair RM750e Alimentatore ATX completamente modulare a basso rumore, 750 W, 80 PLUS Gold, ATX 3.1, PCIe 5.1',
        brand: 'Corsair',
        model: 'RM750e',
        specs: '750 W, 80 PLUS Gold, modulare, ATX 3.1',
        price: 89.9,
        asin: 'B0BQITSJJU',
      },
      {
        type: 'Case',
        name: 'Lian Li LANCOOL 207 Case ATX Mid-Tower, 4 ventole incluse, frontale in mesh, pannello in vetro temperato, nero',
        brand: 'Lian Li',
        model: 'Lancool 207',
        specs: 'ATX Mid-Tower, 4 ventole incluse',
        price: 84.9,
        asin: 'B0C88KV7XH',
      },
    ],
  },
  {
    title: 'PC per video editing 4K da 1800 euro: la workstation per DaVinci Resolve e Premiere Pro',
    description:
      'Ryzen 9 9900X, 64 GB di DDR5 e RTX 5060 Ti da 16 GB: una configurazione pensata per montare in 4K con timeline fluide ed esportazioni rapide.',
    content: `Montare video in 4K mette sotto pressione ogni componente del PC: il processore durante l'esportazione, la scheda video per effetti e color grading, la RAM con timeline lunghe e lo storage quando si lavora con file pesanti. Questa configurazione da circa 1800 euro è pensata per chi produce contenuti per YouTube, lavora come videomaker freelance o semplicemente vuole smettere di creare file *proxy* a ogni progetto.

## Processore: dodici core per esportare in fretta

L'**AMD Ryzen 9 9900X** mette a disposizione 12 core e 24 thread con architettura Zen 5. Nei software di montaggio il numero di core conta, soprattutto in esportazione e con codec pesanti come l'H.265 a 10 bit delle mirrorless. Per tenerlo a bada scegliamo un AIO da 360 mm, l'**ARCTIC Liquid Freezer III Pro 360**: ottime temperature, ventole silenziose e un prezzo difficile da battere.

## Scheda madre e 64 GB di RAM

La **MSI PRO X870-P WiFi** porta l'USB4 a 40 Gbps, comodissimo per SSD esterni veloci e dock, oltre al Wi-Fi 7. Sulla memoria non scendiamo a compromessi: 64 GB di DDR5-6000 CL30 (**Corsair Vengeance**). Con 32 GB si lavora, ma con timeline 4K multicamera, Fusion o After Effects la differenza si sente eccome.

## La scheda video

La **GeForce RTX 5060 Ti da 16 GB** è una scelta mirata. Per il montaggio non serve la scheda più veloce in assoluto, servono memoria video e un buon motore di codifica e decodifica: i 16 GB evitano problemi con effetti e riduzione del rumore in 4K, mentre i motori NVENC e NVDEC di ultima generazione gestiscono AV1 e il 4:2:2 a 10 bit, sempre più diffuso sulle fotocamere recenti. Il risultato è una timeline fluida senza proxy nella maggior parte dei casi.

## Storage su due livelli

Usiamo due SSD con ruoli diversi:

- **Samsung 990 PRO da 2 TB** per sistema, programmi, cache e progetti in corso
- **WD Blue SN5000 da 2 TB** come disco di lavoro per il girato e gli archivi recenti

Separare sistema e media migliora la reattività e semplifica i backup. Per l'archivio a lungo termine consigliamo comunque un NAS o dei dischi esterni: un SSD interno non è un backup.

## Alimentatore e case

Il **be quiet! Pure Power 12 M da 850 W** è silenzioso, modulare e lascia spazio a una GPU più potente in futuro. Il case è il [Fractal Design North](https://www.amazon.it/dp/B0G3XS8HYH): frontale in legno, pannello in mesh per una buona ventilazione e un'estetica che sta bene anche in uno studio o in salotto.

## Prestazioni attese

Con DaVinci Resolve Studio una timeline 4K a 25p in H.265 a 10 bit scorre fluida anche con una correzione colore su più nodi. L'esportazione di un video 4K di dieci minuti per YouTube richiede in genere tra i 3 e i 5 minuti, a seconda degli effetti applicati. In Premiere Pro la riproduzione a piena risoluzione resta stabile con due o tre livelli di effetti, e anche Photoshop e Lightroom girano senza esitazioni su cataloghi da decine di migliaia di foto.

## Upgrade futuri

Il primo candidato è la scheda video: con l'alimentatore da 850 W si può passare a una *RTX 5070 Ti* o superiore per accelerare effetti e noise reduction. In alternativa si può salire a 96 o 128 GB di RAM per progetti molto complessi, ma la maggior parte dei creator non ne avrà bisogno.`,
    category: 'editing',
    budget: 1800,
    status: 'published',
    meta_title: 'PC per video editing 4K da 1800 euro: la guida completa',
    meta_description:
      'Configurazione da 1800 euro per il montaggio 4K con DaVinci Resolve e Premiere: Ryzen 9 9900X, 64 GB di RAM e RTX 5060 Ti 16 GB. Componenti e prestazioni.',
    publishedDaysAgo: 46,
    views: 6210,
    components: [
      {
        type: 'CPU',
        name: 'AMD Ryzen 9 9900X Processore, 12 core, 24 thread, fino a 5.6 GHz, socket AM5',
        brand: 'AMD',
        model: 'Ryzen 9 9900X',
        specs: '12 core / 24 thread, AM5, 120 W',
        price: 329.9,
        asin: 'B0B02LJNM9',
      },
      arcticLiquidFreezer360,
      {
        type: 'Motherboard',
        name: 'MSI PRO X870-P WIFI Scheda madre ATX, AMD AM5, DDR5, PCIe 5.0, USB4, Wi-Fi 7',
        brand: 'MSI',
        model: 'PRO X870-P WiFi',
        specs: 'ATX, AM5, DDR5, USB4, Wi-Fi 7',
        price: 219.9,
        asin: 'B0D0B1HRMZ',
      },
      {
        type: 'RAM',
        name: 'Corsair VENGEANCE DDR5 RAM 64GB (2x32GB) 6000MHz CL30 AMD EXPO Intel XMP, nero',
        brand: 'Corsair',
        model: 'Vengeance DDR5-6000 CL30 64 GB',
        specs: '2x32 GB DDR5-6000 CL30, profilo EXPO',
        price: 229.9,
        asin: 'B0BG9E9NPB',
      },
      {
        type: 'GPU',
        name: 'ASUS Dual GeForce RTX 5060 Ti 16GB GDDR7 OC Edition Scheda grafica, PCIe 5.0, DLSS 4',
        brand: 'ASUS',
        model: 'Dual GeForce RTX 5060 Ti 16 GB OC',
        specs: '16 GB GDDR7, NVENC AV1, 180 W',
        price: 449,
        asin: 'B0DI12X1GK',
      },
      {
        type: 'Storage',
        name: 'Samsung 990 PRO NVMe M.2 SSD 2 TB, PCIe 4.0, fino a 7.450 MB/s',
        brand: 'Samsung',
        model: '990 PRO 2 TB',
        specs: 'NVMe PCIe 4.0, M.2 2280, 7.450 MB/s',
        price: 169.9,
        asin: 'B0F5BVPHB7',
      },
      {
        type: 'Storage',
        name: 'WD Blue SN5000 2TB NVMe SSD M.2 2280 PCIe Gen4, fino a 5.150 MB/s',
        brand: 'Western Digital',
        model: 'WD Blue SN5000 2 TB',
        specs: 'NVMe PCIe 4.0, M.2 2280, 5.150 MB/s',
        price: 119.9,
        asin: 'B0B5XO8W5A',
      },
      {
        type: 'PSU',
        name: 'be quiet! Pure Power 12 M 850W Alimentatore ATX 3.1, 80 PLUS Gold, completamente modulare, connettore 12V-2x6',
        brand: 'be quiet!',
        model: 'Pure Power 12 M 850W',
        specs: '850 W, 80 PLUS Gold, modulare, ATX 3.1',
        price: 119.9,
        asin: 'B0HP0QA5VG',
      },
      {
        type: 'Case',
        name: 'Fractal Design North Charcoal Black Case ATX Mid-Tower, frontale in noce, pannello laterale in mesh',
        brand: 'Fractal Design',
        model: 'North Charcoal Black',
        specs: 'ATX Mid-Tower, frontale in legno, 2 ventole incluse',
        price: 139.9,
        asin: 'B0G3XS8HYH',
      },
    ],
  },
  {
    title: 'PC da ufficio silenzioso per lo smart working: la build da 750 euro senza scheda video',
    description:
      'Un PC per lavorare da casa che quasi non si sente: Ryzen 5 8600G con grafica integrata, 32 GB di RAM e un case fonoassorbente, per otto ore di lavoro senza rumore.',
    content: `Chi lavora da casa passa davanti al computer otto ore al giorno, spesso in videochiamata. In questo scenario contano più il silenzio, l'affidabilità e la reattività che la potenza bruta. Questa configurazione da circa 750 euro rinuncia alla scheda video dedicata e punta su un processore con grafica integrata, componenti di qualità e un case fonoassorbente: il risultato è un PC che, nell'uso quotidiano, praticamente non si sente.

## Perché niente scheda video

L'**AMD Ryzen 5 8600G** integra una GPU Radeon 760M che gestisce senza fatica due monitor 4K, la decodifica video in AV1 e persino qualche gioco leggero in Full HD. Per Office, browser, videoconferenze e gestionali è più che sufficiente, e togliere la scheda video significa eliminare una delle principali fonti di rumore e di calore. Il processore ha sei core Zen 4 e un TDP di 65 W: abbastanza per fogli di calcolo pesanti, un po' di fotoritocco e decine di schede del browser aperte contemporaneamente.

## Dissipatore e case: il silenzio prima di tutto

Il dissipatore incluso nella confezione andrebbe bene, ma sotto carico si fa sentire. Il **Noctua NH-U12S redux**, con la sua ventola da 120 mm, mantiene la CPU fresca restando sotto la soglia dell'udibile nell'uso normale. Il case è il [Fractal Design Define 7 Compact](https://www.amazon.it/dp/B0FQMDPPRF), con pannelli rivestiti di materiale fonoassorbente: insieme alle due ventole incluse, regolate a basso regime, rende il PC adatto anche a una camera da letto o a un piccolo studio.

## Scheda madre, RAM e SSD

La **MSI PRO B650M-A WiFi** è una micro-ATX sobria e affidabile, con Wi-Fi 6E e Bluetooth integrati: niente cavi di rete da far passare per casa se il router è lontano. Per la memoria scegliamo 32 GB di DDR5-5600 **Crucial**: la grafica integrata usa la RAM di sistema, quindi abbondare è una buona idea. Lo storage è affidato a un **Samsung 990 EVO Plus da 1 TB**, veloce e con consumi ridotti.

## Alimentatore

Un sistema del genere consuma raramente più di 120 W. Il **be quiet! Pure Power 12 da 550 W** lavora quindi sempre a basso carico, con la ventola che gira piano e non si fa notare. La certificazione 80 PLUS Gold aiuta anche la bolletta, visto che il PC resterà acceso molte ore al giorno.

## Cosa aspettarsi

- Avvio di Windows in pochi secondi e applicazioni Office praticamente istantanee
- Videochiamate su Teams, Zoom o Meet fluide anche condividendo lo schermo
- Due monitor collegati direttamente alla scheda madre, tramite HDMI e DisplayPort
- Rumorosità *percepita* vicina allo zero a un metro di distanza

Chi usa il PC anche per qualche progetto personale troverà una macchina versatile: l'editing di foto in Lightroom è fluido e perfino il montaggio di brevi video in Full HD è alla sua portata, pur senza la velocità di una GPU dedicata.

## Possibili upgrade

Se in futuro il lavoro dovesse diventare più impegnativo, la piattaforma AM5 permette di passare a un *Ryzen 7* o a un *Ryzen 9* senza cambiare altro. Si può anche aggiungere una scheda video silenziosa per il fotoritocco o il gaming occasionale: l'alimentatore regge una GPU di fascia media senza problemi, e nel case c'è tutto lo spazio necessario.`,
    category: 'office',
    budget: 750,
    status: 'published',
    meta_title: 'PC da ufficio silenzioso per lo smart working a 750 euro',
    meta_description:
      'PC silenzioso per lavorare da casa con Ryzen 5 8600G e grafica integrata: 32 GB di RAM, SSD da 1 TB e case fonoassorbente. Componenti e prezzi della build.',
    publishedDaysAgo: 73,
    views: 3985,
    components: [
      {
        type: 'CPU',
        name: 'AMD Ryzen 5 8600G Processore con grafica Radeon 760M, 6 core, 12 thread, fino a 5.0 GHz, socket AM5',
        brand: 'AMD',
        model: 'Ryzen 5 8600G',
        specs: '6 core / 12 thread, AM5, Radeon 760M, 65 W',
        price: 179.9,
        asin: 'B0DWTKLFWK',
      },
      {
        type: 'Cooler',
        name: 'Noctua NH-U12S redux Dissipatore CPU a torre con ventola NF-P12 redux da 120 mm, grigio',
        brand: 'Noctua',
        model: 'NH-U12S redux',
        specs: 'Torre singola, ventola 120 mm PWM, AM5 / LGA1700',
        price: 54.9,
        asin: 'B0DE5N4D83',
      },
      {
        type: 'Motherboard',
        name: 'MSI PRO B650M-A WIFI Scheda madre Micro-ATX, AMD AM5, DDR5, M.2 PCIe 4.0, Wi-Fi 6E',
        brand: 'MSI',
        model: 'PRO B650M-A WiFi',
        specs: 'Micro-ATX, AM5, DDR5, Wi-Fi 6E, HDMI e DisplayPort',
        price: 139.9,
        asin: 'B0F4J8KV2V',
      },
      {
        type: 'RAM',
        name: 'Crucial RAM 32GB Kit (2x16GB) DDR5 5600MHz CL46 Memoria desktop',
        brand: 'Crucial',
        model: 'DDR5-5600 32 GB',
        specs: '2x16 GB DDR5-5600 CL46',
        price: 109.9,
        asin: 'B0BDVOJX3T',
      },
      {
        type: 'Storage',
        name: 'Samsung 990 EVO Plus NVMe M.2 SSD 1 TB, PCIe 4.0 x4 / 5.0 x2, fino a 7.150 MB/s',
        brand: 'Samsung',
        model: '990 EVO Plus 1 TB',
        specs: 'NVMe PCIe 4.0, M.2 2280, 7.150 MB/s',
        price: 84.9,
        asin: 'B0DGCP8693',
      },
      {
        type: 'PSU',
        name: 'be quiet! Pure Power 12 550W Alimentatore ATX 3.0, 80 PLUS Gold, ventola silenziosa',
        brand: 'be quiet!',
        model: 'Pure Power 12 550W',
        specs: '550 W, 80 PLUS Gold, ATX 3.0',
        price: 69.9,
        asin: 'B0B2VE7SP6',
      },
      {
        type: 'Case',
        name: 'Fractal Design Define 7 Compact Black Case ATX Mid-Tower silenzioso, pannelli fonoassorbenti, 2 ventole incluse',
        brand: 'Fractal Design',
        model: 'Define 7 Compact',
        specs: 'ATX Mid-Tower, pannelli fonoassorbenti',
        price: 109.9,
        asin: 'B0FQMDPPRF',
      },
    ],
  },
  {
    title: 'Workstation per 3D, CAD e intelligenza artificiale con Core Ultra 9 285K e RTX 5080',
    description:
      'Core Ultra 9 285K, 96 GB di DDR5 e GeForce RTX 5080: la workstation per rendering con Blender, modellazione CAD e modelli di intelligenza artificiale in locale.',
    content: `Quando il PC diventa uno strumento di lavoro, ogni minuto risparmiato in rendering o in compilazione si traduce in ore guadagnate a fine mese. Questa workstation da circa 3200 euro è pensata per professionisti e studenti avanzati che lavorano con Blender, Cinema 4D, software CAD come SolidWorks o Fusion e, sempre più spesso, con modelli di intelligenza artificiale eseguiti in locale.

## Processore: Intel Core Ultra 9 285K

Con 24 core (8 Performance e 16 Efficient) l'**Intel Core Ultra 9 285K** è velocissimo nei carichi multi-thread: rendering su CPU, simulazioni, compilazione di codice. Allo stesso tempo le alte frequenze dei P-core mantengono scattante la modellazione nei software CAD, che spesso sfruttano un solo thread. Rispetto alle generazioni precedenti consuma e scalda molto meno, ma per mantenere le frequenze massime sotto carico prolungato abbiamo scelto comunque un AIO da 360 mm, l'**ARCTIC Liquid Freezer III Pro 360**.

## Una scheda madre per chi lavora

La **ASUS ProArt Z890-Creator WiFi** è pensata per gli studi professionali: due porte Thunderbolt 4, rete a 10 GbE per accedere velocemente a un NAS, Wi-Fi 7 e numerosi slot M.2. Niente fronzoli RGB, ma tutto ciò che serve per lavorare.

## 96 GB di RAM

Scene complesse in Blender, assiemi CAD con migliaia di parti e modelli AI caricati in parte nella memoria di sistema: la RAM non è mai troppa. Il kit **Corsair Vengeance da 96 GB** (2x48 GB DDR5-6000) offre tanta capacità con due soli moduli, che garantiscono frequenze più alte e maggiore stabilità rispetto a quattro banchi.

## GPU: RTX 5080 per rendering e AI

La [GeForce RTX 5080](https://www.amazon.it/dp/B0CFZWCFPK) con 16 GB di GDDR7 accelera il rendering con Cycles (OptiX), V-Ray e Redshift, e gestisce senza incertezze anche i *viewport* più pesanti. Per l'IA in locale, 16 GB consentono di eseguire modelli linguistici quantizzati fino a 14 miliardi di parametri e di generare immagini con Stable Diffusion XL o Flux in pochi secondi. Chi lavora con modelli più grandi dovrebbe valutare la RTX 5090 da 32 GB, con un budget però ben diverso.

Prestazioni indicative:

- **Blender**, scena Classroom con Cycles OptiX: meno di 20 secondi
- **Stable Diffusion XL**, 1024x1024 a 30 step: circa 4 secondi per immagine
- **LLM da 8 miliardi di parametri** quantizzato a 4 bit: oltre 100 token al secondo
- **Cinebench 2024** multi-core: oltre 2.300 punti

## Storage, alimentazione e case

Un **Samsung 990 PRO da 4 TB** ospita sistema, librerie di asset, dataset e modelli AI, che occupano rapidamente decine di gigabyte ciascuno. L'alimentatore **Corsair RM1000x** da 1000 W alimenta con ampio margine CPU e GPU anche a pieno carico per ore. Il case **Fractal Design Torrent** è un riferimento per il flusso d'aria: le grandi ventole frontali da 180 mm portano aria fresca direttamente su scheda video e radiatore, un dettaglio fondamentale nei rendering che durano tutta la notte.

## Upgrade futuri

Il primo aggiornamento sensato riguarda lo storage: la ProArt ha slot M.2 liberi per aggiungere un secondo SSD dedicato alla cache o ai progetti archiviati. Chi si dedica seriamente all'AI può salire a 192 GB di RAM con quattro moduli da 48 GB, accettando frequenze leggermente inferiori. Per capire meglio come funziona il [ray tracing](https://it.wikipedia.org/wiki/Ray_tracing) su cui si basano i motori di rendering moderni, Wikipedia è un ottimo punto di partenza.`,
    category: 'workstation',
    budget: 3200,
    status: 'published',
    meta_title: 'Workstation 3D, CAD e AI con Core Ultra 9 285K e RTX 5080',
    meta_description:
      'Workstation da 3200 euro per Blender, CAD e AI in locale: Core Ultra 9 285K, 96 GB di DDR5 e RTX 5080 16 GB. Componenti scelti, prestazioni e aggiornamenti.',
    publishedDaysAgo: 102,
    views: 5470,
    components: [
      {
        type: 'CPU',
        name: 'Intel Core Ultra 9 285K Processore desktop, 24 core (8 P-core + 16 E-core), fino a 5.7 GHz, LGA1851',
        brand: 'Intel',
        model: 'Core Ultra 9 285K',
        specs: '24 core (8P + 16E), LGA1851, 125 W',
        price: 569.9,
        asin: 'B0DCONUDIN',
      },
      arcticLiquidFreezer360,
      {
        type: 'Motherboard',
        name: 'ASUS ProArt Z890-CREATOR WIFI Scheda madre ATX, Intel LGA1851, DDR5, Thunderbolt 4, 10 GbE, Wi-Fi 7',
        brand: 'ASUS',
        model: 'ProArt Z890-Creator WiFi',
        specs: 'ATX, LGA1851, DDR5, 2x Thunderbolt 4, 10 GbE',
        price: 459.9,
        asin: 'B0C239GNSN',
      },
      {
        type: 'RAM',
        name: 'Corsair VENGEANCE DDR5 RAM 96GB (2x48GB) 6000MHz CL30 Intel XMP 3.0, nero',
        brand: 'Corsair',
        model: 'Vengeance DDR5-6000 CL30 96 GB',
        specs: '2x48 GB DDR5-6000 CL30, profilo XMP',
        price: 329.9,
        asin: 'B0BG7RYZJX',
      },
      {
        type: 'GPU',
        name: 'Gigabyte GeForce RTX 5080 WINDFORCE OC SFF 16G Scheda grafica, 16 GB GDDR7, 256 bit, DLSS 4',
        brand: 'Gigabyte',
        model: 'GeForce RTX 5080 Windforce OC SFF',
        specs: '16 GB GDDR7, DLSS 4, 360 W',
        price: 1149,
        asin: 'B0CFZWCFPK',
      },
      {
        type: 'Storage',
        name: 'Samsung 990 PRO NVMe M.2 SSD 4 TB, PCIe 4.0, fino a 7.450 MB/s',
        brand: 'Samsung',
        model: '990 PRO 4 TB',
        specs: 'NVMe PCIe 4.0, M.2 2280, 7.450 MB/s',
        price: 319.9,
        asin: 'B0D5M9UGIP',
      },
      {
        type: 'PSU',
        name: 'Corsair RM1000x Alimentatore ATX completamente modulare, 1000 W, 80 PLUS Gold, ATX 3.1, PCIe 5.1',
        brand: 'Corsair',
        model: 'RM1000x',
        specs: '1000 W, 80 PLUS Gold, modulare, ATX 3.1',
        price: 179.9,
        asin: 'B0F0J0HSFT',
      },
      {
        type: 'Case',
        name: 'Fractal Design Torrent Black TG Dark Tint Case E-ATX, 2 ventole da 180 mm e 3 da 140 mm incluse',
        brand: 'Fractal Design',
        model: 'Torrent Black TG',
        specs: 'E-ATX, 5 ventole incluse, airflow elevato',
        price: 199.9,
        asin: 'B0B254XPNW',
      },
    ],
  },
  {
    title: 'PC gaming economico da 600 euro: giocare in Full HD spendendo il giusto',
    description:
      'Ryzen 5 5600 e GeForce RTX 5060 su piattaforma AM4: la configurazione economica per giocare in 1080p a dettagli alti, con qualche margine per gli upgrade futuri.',
    content: `Costruire un PC da gioco con un budget ridotto è ancora possibile, a patto di fare scelte mirate. In questa configurazione da circa 600 euro abbiamo concentrato la spesa dove conta davvero, cioè sulla scheda video, risparmiando su tutto ciò che non influisce sulle prestazioni. L'obiettivo è chiaro: giocare in **Full HD a 60 FPS e oltre** con dettagli medio-alti, anche nei titoli più recenti.

## Per chi è questa build

È la scelta giusta per chi inizia a giocare su PC, per chi arriva da una console e vuole un sistema aggiornabile o per chi cerca un secondo computer da dedicare ai figli. Chi gioca soprattutto a titoli competitivi come Fortnite, Valorant o Rocket League troverà frame rate più che adeguati anche a un monitor da 144 Hz.

## La piattaforma: AM4 ha ancora senso

Il **Ryzen 5 5600** è un processore di qualche anno fa, ma con sei core e dodici thread basta e avanza per non fare da collo di bottiglia a una GPU di questa fascia. Il vantaggio principale è il prezzo: CPU, scheda madre **ASRock B550M-HDV** e memoria DDR4 costano molto meno dell'equivalente su AM5. Il dissipatore Wraith Stealth incluso nella confezione è sufficiente, quindi risparmiamo anche lì.

Per la memoria scegliamo un kit **Kingston FURY Beast da 16 GB** (2x8 GB) DDR4-3200 CL16: due moduli per sfruttare il *dual channel*, fondamentale per le prestazioni dei Ryzen.

## Scheda video: RTX 5060

La [GeForce RTX 5060](https://www.amazon.it/dp/B0HBLAG13D) è la scheda più moderna che rientra nel budget. Ha 8 GB di memoria, un limite da tenere presente nei giochi più pesanti, dove conviene scendere da texture ultra ad alte, ma in compenso supporta il DLSS 4 con generazione multipla dei fotogrammi, che allunga parecchio la vita della scheda.

Con impostazioni alte in 1080p possiamo aspettarci:

- **Fortnite** in DirectX 12, senza ray tracing: oltre 120 FPS
- **EA Sports FC 26**: sopra i 150 FPS
- **Cyberpunk 2077** con DLSS Qualità: intorno ai 75-85 FPS
- **Baldur's Gate 3**: tra 80 e 100 FPS

## SSD, alimentatore e case

Il **Crucial P3 Plus da 1 TB** è un NVMe PCIe 4.0 economico ma rapido: rispetto a un vecchio hard disk i caricamenti sono di un altro pianeta. Sull'alimentatore non si dovrebbe mai risparmiare troppo: l'**MSI MAG A550BN** è un 550 W 80 PLUS Bronze di un marchio affidabile, più che sufficiente per un sistema che in gioco consuma circa 250 W. Il case **Montech AIR 100 ARGB** è compatto, ha un frontale in mesh e include già quattro ventole, cosa rara a questo prezzo.

## Upgrade futuri

La strada più naturale è la scheda video: fra un paio d'anni si potrà montare una GPU più potente e con più memoria, valutando però anche un alimentatore più generoso. Passare a 32 GB di RAM è un altro intervento economico e utile. Se invece serve più potenza di calcolo, il *Ryzen 7 5700X3D* è l'aggiornamento definitivo per AM4: basta aggiornare il BIOS e sostituire il processore.`,
    category: 'budget',
    budget: 600,
    status: 'published',
    meta_title: 'PC gaming economico da 600 euro per giocare in Full HD',
    meta_description:
      'Il PC gaming economico da 600 euro con Ryzen 5 5600 e RTX 5060: componenti scelti uno per uno, prestazioni in 1080p nei giochi più diffusi e upgrade futuri.',
    publishedDaysAgo: 7,
    views: 1890,
    components: [
      {
        type: 'CPU',
        name: 'AMD Ryzen 5 5600 Processore, 6 core, 12 thread, fino a 4.4 GHz, socket AM4, dissipatore Wraith Stealth incluso',
        brand: 'AMD',
        model: 'Ryzen 5 5600',
        specs: '6 core / 12 thread, AM4, 65 W, dissipatore incluso',
        price: 84.9,
        asin: 'B0GW7KX7WJ',
      },
      {
        type: 'Motherboard',
        name: 'ASRock B550M-HDV Scheda madre Micro-ATX, AMD AM4, DDR4, M.2 PCIe 4.0',
        brand: 'ASRock',
        model: 'B550M-HDV',
        specs: 'Micro-ATX, AM4, DDR4, 1x M.2 PCIe 4.0',
        price: 64.9,
        asin: 'B0CW8C4QEC',
      },
      {
        type: 'RAM',
        name: 'Kingston FURY Beast 16GB (2x8GB) 3200MHz DDR4 CL16 Kit memoria desktop, nero',
        brand: 'Kingston',
        model: 'FURY Beast DDR4-3200 CL16 16 GB',
        specs: '2x8 GB DDR4-3200 CL16',
        price: 49.9,
        asin: 'B0GIF57DPK',
      },
      {
        type: 'GPU',
        name: 'MSI GeForce RTX 5060 8G VENTUS 2X OC Scheda grafica, 8 GB GDDR7, 128 bit, PCIe 5.0, DLSS 4',
        brand: 'MSI',
        model: 'GeForce RTX 5060 Ventus 2X OC',
        specs: '8 GB GDDR7, DLSS 4, 145 W',
        price: 279,
        asin: 'B0HBLAG13D',
      },
      {
        type: 'Storage',
        name: 'Crucial P3 Plus 1TB PCIe Gen4 NVMe M.2 SSD, fino a 5.000 MB/s',
        brand: 'Crucial',
        model: 'P3 Plus 1 TB',
        specs: 'NVMe PCIe 4.0, M.2 2280, 5.000 MB/s',
        price: 59.9,
        asin: 'B0FKH0ITK2',
      },
      {
        type: 'PSU',
        name: 'MSI MAG A550BN Alimentatore ATX 550 W, 80 PLUS Bronze, protezioni OVP/OPP/SCP',
        brand: 'MSI',
        model: 'MAG A550BN',
        specs: '550 W, 80 PLUS Bronze',
        price: 44.9,
        asin: 'B0BBTL5FLR',
      },
      {
        type: 'Case',
        name: 'Montech AIR 100 ARGB Case Micro-ATX, frontale in mesh, 4 ventole ARGB incluse, vetro temperato',
        brand: 'Montech',
        model: 'AIR 100 ARGB',
        specs: 'Micro-ATX, 4 ventole ARGB incluse',
        price: 54.9,
        asin: 'B0G2XV140M',
      },
    ],
  },
  {
    title: 'PC gaming 4K top di gamma: Ryzen 7 9800X3D e RTX 5090 senza compromessi',
    description:
      'La configurazione per chi vuole il massimo: Ryzen 7 9800X3D e GeForce RTX 5090 da 32 GB per giocare in 4K con ray tracing e dettagli al massimo su monitor ad alto refresh.',
    content: `Ci sono build in cui si cerca il miglior rapporto qualità-prezzo e build in cui si cerca semplicemente il meglio. Questa appartiene alla seconda categoria: una configurazione da circa 4500 euro pensata per giocare in 4K con tutti i dettagli al massimo, ray tracing incluso, su monitor OLED ad alta frequenza di aggiornamento.

## A chi si rivolge

È per chi ha un monitor 4K a 144 Hz o più (oppure un TV OLED in salotto) e non vuole scendere a compromessi, ma anche per chi affianca al gioco lo streaming, il montaggio video o l'intelligenza artificiale in locale. Non è una spesa per tutti, ma è la configurazione che resterà al vertice più a lungo.

## Processore: il riferimento per il gaming

L'**AMD Ryzen 7 9800X3D** è da tempo il processore preferito dai videogiocatori. Grazie ai 96 MB di cache L3 con tecnologia 3D V-Cache, nei giochi supera CPU che costano molto di più. È vero che in 4K il collo di bottiglia è quasi sempre la scheda video, ma con una GPU di questo livello e con il DLSS attivo la CPU torna a contare, soprattutto sui minimi. A raffreddarlo ci pensa l'**NZXT Kraken Elite 360**, un AIO silenzioso con display LCD sulla pompa su cui visualizzare temperature o una GIF a piacere.

## Scheda video: GeForce RTX 5090

La [GeForce RTX 5090](https://www.amazon.it/dp/B0HI7BH52G) con 32 GB di GDDR7 è la scheda video consumer più potente sul mercato. Con il DLSS 4 e la *Multi Frame Generation* rende giocabile in 4K persino il path tracing completo.

Ecco cosa aspettarsi in 4K a dettagli massimi:

- **Cyberpunk 2077** con path tracing, DLSS Prestazioni e generazione di frame 4x: oltre 200 FPS
- **Alan Wake 2** con path tracing e DLSS: 100-120 FPS
- **Indiana Jones e l'antico cerchio** con ray tracing completo: circa 100 FPS
- **Microsoft Flight Simulator 2024**: tra 70 e 80 FPS senza generazione di frame

## Scheda madre e memoria

La **ASUS ROG Strix X870E-E Gaming WiFi** offre PCIe 5.0 sia per la scheda video sia per gli SSD, due porte USB4, Wi-Fi 7 e una sezione di alimentazione sovradimensionata. Per la RAM scegliamo 64 GB di **G.Skill Trident Z5 Neo RGB** DDR5-6000 CL30: per il solo gioco 32 GB basterebbero, ma su una macchina di questo livello è meglio non porsi limiti.

## Storage, alimentatore e case

Lo storage principale è un **Samsung 9100 PRO da 2 TB**, un SSD PCIe 5.0 che supera i 14 GB/s in lettura sequenziale. L'alimentatore è il **Corsair RM1200x Shift**: 1200 W, ATX 3.1 con connettore 12V-2x6 nativo e, particolarità della serie, connettori modulari sul fianco che semplificano molto la gestione dei cavi. La RTX 5090 può assorbire fino a 575 W, quindi il margine non è un lusso. Tutto è racchiuso nel **Lian Li O11 Dynamic EVO**, un case vetrina a doppio pannello in vetro che valorizza ogni componente.

## Upgrade futuri

Con una base del genere gli interventi sono pochi: un secondo SSD da 4 TB per la libreria di giochi e, tra qualche anno, un processore di nuova generazione. AMD ha confermato il supporto ad AM5 anche per le prossime architetture, quindi scheda madre e memoria potranno restare al loro posto.`,
    category: 'premium',
    budget: 4500,
    status: 'published',
    meta_title: 'PC gaming 4K top di gamma con Ryzen 7 9800X3D e RTX 5090',
    meta_description:
      'La build gaming 4K senza compromessi: Ryzen 7 9800X3D, RTX 5090 da 32 GB, 64 GB DDR5 e SSD PCIe 5.0. Componenti, prezzi e FPS nei giochi con path tracing.',
    publishedDaysAgo: 118,
    views: 12760,
    components: [
      {
        type: 'CPU',
        name: 'AMD Ryzen 7 9800X3D Processore, 8 core, 16 thread, tecnologia 3D V-Cache, fino a 5.2 GHz, socket AM5',
        brand: 'AMD',
        model: 'Ryzen 7 9800X3D',
        specs: '8 core / 16 thread, AM5, 96 MB L3, 120 W',
        price: 449,
        asin: 'B0CZOJNQ2I',
      },
      {
        type: 'Cooler',
        name: 'NZXT Kraken Elite 360 RGB Dissipatore a liquido AIO per CPU, display LCD da 2,72", radiatore da 360 mm',
        brand: 'NZXT',
        model: 'Kraken Elite 360 RGB',
        specs: 'AIO 360 mm, display LCD, AM5 / LGA1851',
        price: 229.9,
        asin: 'B0B3WSB9OE',
      },
      {
        type: 'Motherboard',
        name: 'ASUS ROG STRIX X870E-E GAMING WIFI Scheda madre ATX, AMD AM5, DDR5, PCIe 5.0, USB4, Wi-Fi 7',
        brand: 'ASUS',
        model: 'ROG Strix X870E-E Gaming WiFi',
        specs: 'ATX, AM5, DDR5, 2x USB4, Wi-Fi 7',
        price: 429.9,
        asin: 'B0HPL7G4KC',
      },
      {
        type: 'RAM',
        name: 'G.SKILL Trident Z5 Neo RGB DDR5 64GB (2x32GB) 6000MT/s CL30 AMD EXPO, nero',
        brand: 'G.Skill',
        model: 'Trident Z5 Neo RGB DDR5-6000 CL30 64 GB',
        specs: '2x32 GB DDR5-6000 CL30, profilo EXPO, RGB',
        price: 249.9,
        asin: 'B0GC78QUF9',
      },
      {
        type: 'GPU',
        name: 'MSI GeForce RTX 5090 32G VENTUS 3X OC Scheda grafica, 32 GB GDDR7, 512 bit, PCIe 5.0, DLSS 4',
        brand: 'MSI',
        model: 'GeForce RTX 5090 Ventus 3X OC',
        specs: '32 GB GDDR7, DLSS 4, 575 W',
        price: 2349,
        asin: 'B0HI7BH52G',
      },
      {
        type: 'Storage',
        name: 'Samsung 9100 PRO NVMe M.2 SSD 2 TB, PCIe 5.0 x4, fino a 14.700 MB/s',
        brand: 'Samsung',
        model: '9100 PRO 2 TB',
        specs: 'NVMe PCIe 5.0, M.2 2280, 14.700 MB/s',
        price: 219.9,
        asin: 'B0F6VC0R82',
      },
      {
        type: 'PSU',
        name: 'Corsair RM1200x SHIFT Alimentatore ATX completamente modulare, 1200 W, 80 PLUS Gold, ATX 3.1, connettori laterali',
        brand: 'Corsair',
        model: 'RM1200x Shift',
        specs: '1200 W, 80 PLUS Gold, modulare, ATX 3.1',
        price: 219.9,
        asin: 'B0C4CZ5O5C',
      },
      {
        type: 'Case',
        name: 'Lian Li O11 Dynamic EVO Case Mid-Tower ATX, doppio pannello in vetro temperato, layout reversibile, nero',
        brand: 'Lian Li',
        model: 'O11 Dynamic EVO',
        specs: 'ATX Mid-Tower, vetro temperato, supporto radiatori 360 mm',
        price: 159.9,
        asin: 'B0COSXPVC5',
      },
    ],
  },
  {
    title: 'Mini PC gaming Mini-ITX: potenza da 1440p in poco più di dieci litri',
    description:
      'Ryzen 7 7800X3D e RTX 5070 in un case Fractal Terra da 10,4 litri: un PC da gioco compatto e silenzioso che sta sulla scrivania o accanto al TV del salotto.',
    content: `Un PC da gioco non deve per forza essere una torre ingombrante sotto la scrivania. Il formato [Mini-ITX](https://it.wikipedia.org/wiki/Mini-ITX) permette di costruire macchine compatte, eleganti e sorprendentemente potenti, a patto di scegliere con cura ogni componente. In questa build da circa 1800 euro racchiudiamo prestazioni da 1440p in un case da poco più di dieci litri.

## Perché un Mini-ITX

I vantaggi sono evidenti: occupa poco spazio, si trasporta facilmente e sta bene anche in salotto accanto al televisore. Gli svantaggi vanno messi in conto: si paga qualcosa in più per componenti specifici, il montaggio richiede pazienza e bisogna fare attenzione a ingombri e temperature.

## Processore e dissipatore

L'**AMD Ryzen 7 7800X3D** è perfetto per un sistema compatto: grazie alla 3D V-Cache è velocissimo in gioco e, a differenza di altri processori di fascia alta, consuma poco e scalda il giusto. Lo raffreddiamo con un **Noctua NH-L9a-AM5**, un dissipatore *low profile* alto appena 37 mm: in gioco il 7800X3D assorbe raramente più di 80 W e la piccola ventola da 92 mm se la cava senza alzare la voce.

## Scheda madre e memoria

La **ASUS ROG Strix B650E-I Gaming WiFi** concentra in 17x17 cm tutto l'essenziale: PCIe 5.0, due slot M.2, Wi-Fi 6E e una buona sezione di alimentazione. Le schede Mini-ITX hanno solo due slot per la RAM, quindi scegliamo subito il kit giusto: 32 GB di DDR5-6000 CL30 **Kingston FURY Beast**, lo stesso della nostra build gaming 1440p.

## Scheda video

La **ASUS Prime GeForce RTX 5070** è una delle schede certificate *SFF-Ready* da NVIDIA, cioè progettate per entrare nei case compatti. Con 12 GB di GDDR7 e il DLSS 4 garantisce in 1440p le stesse prestazioni di una torre tradizionale:

- **Cyberpunk 2077** con ray tracing medio e DLSS Qualità: 90-100 FPS
- **Counter-Strike 2**: ben oltre i 300 FPS
- **Assassin's Creed Shadows** a dettagli alti con DLSS: intorno ai 70 FPS

## Storage, alimentatore e case

Un **WD_BLACK SN7100 da 2 TB** offre spazio per una buona libreria di giochi senza occupare il secondo slot M.2. L'alimentatore deve essere in formato SFX: il **Corsair SF750** è da anni il riferimento della categoria, con certificazione 80 PLUS Platinum e cavi completamente modulari. Il case è il **Fractal Design Terra**, in alluminio con frontale in legno di noce: la colonna centrale regolabile permette di dare più spazio alla scheda video o al dissipatore a seconda delle esigenze.

## Note di montaggio

Con un dissipatore così basso conviene spostare la colonna del Terra verso la scheda madre, lasciando il massimo dello spazio alla GPU e alle sue ventole. Montiamo SSD e RAM prima di inserire la scheda madre nel case e colleghiamo i cavi dell'alimentatore prima di installare la scheda video: negli spazi ristretti l'ordine delle operazioni fa la differenza.

## Possibili upgrade

Il socket AM5 permette in futuro il passaggio a un Ryzen 7 9800X3D o a un successore. Per la GPU bisogna invece verificare con attenzione le dimensioni: il Terra accetta schede fino a 322 mm di lunghezza.`,
    category: 'gaming',
    budget: 1800,
    status: 'draft',
    meta_title: null,
    meta_description: null,
    publishedDaysAgo: null,
    views: 0,
    components: [
      {
        type: 'CPU',
        name: 'AMD Ryzen 7 7800X3D Processore, 8 core, 16 thread, 96 MB di cache L3, fino a 5.0 GHz, socket AM5',
        brand: 'AMD',
        model: 'Ryzen 7 7800X3D',
        specs: '8 core / 16 thread, AM5, 96 MB L3, 120 W',
        price: 339,
        asin: 'B0BIRARWHW',
      },
      {
        type: 'Cooler',
        name: 'Noctua NH-L9a-AM5 chromax.black Dissipatore CPU low profile per AM5, ventola NF-A9x14 PWM da 92 mm',
        brand: 'Noctua',
        model: 'NH-L9a-AM5 chromax.black',
        specs: 'Low profile 37 mm, ventola 92 mm, AM5',
        price: 59.9,
        asin: 'B0HYD3C28B',
      },
      {
        type: 'Motherboard',
        name: 'ASUS ROG STRIX B650E-I GAMING WIFI Scheda madre Mini-ITX, AMD AM5, DDR5, PCIe 5.0, Wi-Fi 6E',
        brand: 'ASUS',
        model: 'ROG Strix B650E-I Gaming WiFi',
        specs: 'Mini-ITX, AM5, DDR5, PCIe 5.0, Wi-Fi 6E',
        price: 279.9,
        asin: 'B0CDKZWWF3',
      },
      kingstonFuryBeast32Ddr5,
      {
        type: 'GPU',
        name: 'ASUS Prime GeForce RTX 5070 12GB GDDR7 OC Edition Scheda grafica SFF-Ready, PCIe 5.0, DLSS 4',
        brand: 'ASUS',
        model: 'Prime GeForce RTX 5070 OC',
        specs: '12 GB GDDR7, SFF-Ready, 250 W',
        price: 579,
        asin: 'B0CKI9O22Y',
      },
      {
        type: 'Storage',
        name: 'WD_BLACK SN7100 2TB NVMe SSD M.2 2280 PCIe Gen4, fino a 7.250 MB/s',
        brand: 'Western Digital',
        model: 'WD_BLACK SN7100 2 TB',
        specs: 'NVMe PCIe 4.0, M.2 2280, 7.250 MB/s',
        price: 139.9,
        asin: 'B0FQ5DCLL2',
      },
      {
        type: 'PSU',
        name: 'Corsair SF750 Alimentatore SFX completamente modulare, 750 W, 80 PLUS Platinum, ATX 3.1',
        brand: 'Corsair',
        model: 'SF750',
        specs: '750 W SFX, 80 PLUS Platinum, modulare',
        price: 169.9,
        asin: 'B0C1TN4IWA',
      },
      {
        type: 'Case',
        name: 'Fractal Design Terra Jade Case Mini-ITX in alluminio, frontale in noce, 10,4 litri',
        brand: 'Fractal Design',
        model: 'Terra Jade',
        specs: 'Mini-ITX, 10,4 litri, alimentatore SFX',
        price: 179.9,
        asin: 'B0FXTZLHEH',
      },
    ],
  },
];

export const demoAlternativeCategories: SeedAlternativeCategory[] = [
  {
    name: 'Schede video fascia media',
    description: 'Schede video per giocare in 1440p a dettagli alti, in ordine di preferenza: da usare quando la GPU consigliata non è disponibile o è fuori prezzo.',
    component_type: 'GPU',
    alternatives: [
      { asin: 'B0F5YE9EX2', name: 'Gigabyte GeForce RTX 5070 WINDFORCE OC SFF 12G Scheda grafica, 12 GB GDDR7, DLSS 4', price: 559, priority: 1 },
      { asin: 'B0CIKH9OAC', name: 'Sapphire PULSE AMD Radeon RX 9070 16GB GDDR6 Scheda grafica, PCIe 5.0, FSR 4', price: 579, priority: 2 },
      { asin: 'B0G4F9JTL3', name: 'PNY GeForce RTX 5060 Ti 16GB OC Dual Fan Scheda grafica, GDDR7, DLSS 4', price: 449, priority: 3 },
      { asin: 'B0GSF8J4K5', name: 'PowerColor Reaper AMD Radeon RX 9060 XT 16GB GDDR6 Scheda grafica, PCIe 5.0', price: 369, priority: 4 },
    ],
  },
  {
    name: 'SSD NVMe 1 TB',
    description: 'SSD NVMe M.2 da 1 TB affidabili e veloci per sistema operativo e giochi, intercambiabili tra loro nelle build di fascia media.',
    component_type: 'Storage',
    alternatives: [
      { asin: 'B0C4KTDV06', name: 'Samsung 990 PRO NVMe M.2 SSD 1 TB, PCIe 4.0, fino a 7.450 MB/s', price: 109.9, priority: 1 },
      { asin: 'B0CDN4XHFH', name: 'Kingston KC3000 1TB NVMe SSD M.2 2280 PCIe 4.0, fino a 7.000 MB/s', price: 84.9, priority: 2 },
      { asin: 'B0GU7EIIHG', name: 'Crucial T500 1TB PCIe Gen4 NVMe M.2 SSD, fino a 7.300 MB/s', price: 79.9, priority: 3 },
    ],
  },
];

export const demoProductAlternatives: SeedProductAlternative[] = [
  { originalAsin: 'B0G5K6VVIX', asin: 'B0GVLL2OL7', name: 'ZOTAC GAMING GeForce RTX 5070 Twin Edge OC 12GB GDDR7 Scheda grafica, DLSS 4', price: 555, priority: 1 },
  { originalAsin: 'B0FXL8C1AX', asin: 'B0DULDTT05', name: 'AMD Ryzen 5 7600X Processore, 6 core, 12 thread, fino a 5.3 GHz, socket AM5', price: 169.9, priority: 1 },
  { originalAsin: 'B0BPHHTQWA', asin: 'B0FXAARN7P', name: 'Crucial P310 1TB PCIe Gen4 NVMe M.2 2280 SSD, fino a 7.100 MB/s', price: 74.9, priority: 1 },
  { originalAsin: 'B0BQITSJJU', asin: 'B0FVB4W8G2', name: 'MSI MAG A750GL PCIE5 Alimentatore ATX 750 W, 80 PLUS Gold, completamente modulare, ATX 3.0', price: 84.9, priority: 1 },
  { originalAsin: 'B0HBLAG13D', asin: 'B0C73KDJDT', name: 'XFX Swift AMD Radeon RX 9060 XT 8GB GDDR6 Scheda grafica, PCIe 5.0', price: 289, priority: 1 },
  { originalAsin: 'B0HBLAG13D', asin: 'B0D5VIHM9Y', name: 'ASRock Intel Arc B580 Challenger OC 12GB GDDR6 Scheda grafica, PCIe 4.0', price: 269, priority: 2 },
];

/**
 * The site search's first synonym groups (decision 041): what a visitor types for what the articles write.
 * "AI" in capitals is the acronym (in lower case "ai" is a preposition the search ignores).
 */
export const demoSynonymGroups: readonly string[] = [
  'nvidia, geforce',
  'IA, AI, intelligenza artificiale',
  'scheda video, gpu, scheda grafica',
  'ssd, nvme',
  'processore, cpu',
  'alimentatore, psu',
];
