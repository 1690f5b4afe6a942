/**
 * What the demo products are made of, per leaf category: believable brands and model names,
 * price ranges (euros), attribute choices and Dutch selling points. The generator combines these
 * with a seeded PRNG; nothing here is random by itself.
 */
import type { Rng } from "./prng";

export type NameParts = {
  brand: string;
  model: string;
  size: string | null;
  colour: string | null;
  material: string | null;
};

export type NutritionProfile = {
  /** kcal per 100 g/ml; kJ is derived. */
  kcal: number;
  fat: number;
  saturated: number;
  carbs: number;
  sugars: number;
  protein: number;
  salt: number;
  /** Grams or millilitres in one serving. */
  serving: number;
};

export type ProductTemplate = {
  /** Stored in products.type; the media route picks its icon from this word. */
  type: string;
  keyword: string;
  models: Readonly<Record<string, readonly string[]>>;
  /** Consumer price range in euros. */
  price: readonly [number, number];
  sizes?: readonly string[];
  colours?: readonly string[];
  materials?: readonly string[];
  tags: readonly string[];
  features: readonly string[];
  name: (p: NameParts, rng: Rng) => string;
  nutrition?: {
    profile: NutritionProfile;
    ingredients: string;
    allergens: string;
  };
};

export type LeafSeed = { categoryId: number; weight: number; templates: readonly ProductTemplate[] };

const PART_TAGS = ["Racefiets", "MTB", "Stadsfiets", "E-bike", "Gravel", "Toerfiets"] as const;
const MAINT_TAGS = ["Racefiets", "MTB", "Stadsfiets", "E-bike", "Biologisch afbreekbaar", "Werkplaats"] as const;

const sizeSuffix = (p: NameParts) => (p.size ? ` ${p.size}` : "");

export const LEAF_SEEDS: readonly LeafSeed[] = [
  {
    categoryId: 100,
    weight: 5,
    templates: [
      {
        type: "Ketting",
        keyword: "ketting",
        models: {
          Shimano: [
            "Ultegra CN-HG701",
            "105 CN-HG601",
            "Dura-Ace CN-M9100",
            "Deore CN-M6100",
            "XT CN-M8100",
            "Tiagra CN-HG54",
          ],
          SRAM: ["PC-1110", "PC-1130", "Force D1", "GX Eagle", "XX1 Eagle", "Red Flattop"],
          Campagnolo: ["Record 12", "Chorus 12", "Centaur 11", "Potenza 11"],
          KMC: ["X11 EL", "X10", "X12 Ti-N", "Z8.3", "e11 Turbo"],
        },
        price: [12.95, 89.95],
        sizes: ["112 schakels", "114 schakels", "116 schakels", "118 schakels", "126 schakels"],
        colours: ["Zilver", "Grijs", "Zwart", "Geel"],
        materials: ["Staal", "Staal", "Staal", "Titanium"],
        tags: PART_TAGS,
        features: [
          "Soepel en stil schakelen onder belasting",
          "Met gehard kettingpennetje of snelsluiting",
          "Lange levensduur door geharde rollen",
          "Geschikt voor de meeste derailleursystemen",
        ],
        name: (p, rng) => `${p.brand} ${p.model} ketting ${rng.pick([9, 10, 11, 12])}-speed${sizeSuffix(p)}`,
      },
    ],
  },
  {
    categoryId: 130,
    weight: 3,
    templates: [
      {
        type: "Schijfremblokken",
        keyword: "remblokken",
        models: {
          Shimano: ["L05A-RF", "J05A-RF", "D03S", "N04C", "K05S-RX"],
          SRAM: ["Level/Guide", "Code", "Centerline"],
          SwissStop: ["Disc 34", "Disc 30 RS", "Disc 15"],
          "Kool-Stop": ["D640", "D300", "D155"],
        },
        price: [9.95, 34.95],
        colours: ["Zwart", "Zilver"],
        materials: ["Staal", "Kunststof"],
        tags: PART_TAGS,
        features: [
          "Constante remkracht, ook bij nat weer",
          "Inclusief borgveer en splitpen",
          "Rustig en piepvrij ingeremd",
          "Geschikt voor resin- en metalen remschijven",
        ],
        name: (p, rng) =>
          `${p.brand} ${p.model} schijfremblokken ${rng.pick(["organisch", "gesinterd", "resin", "metaal"])}`,
      },
    ],
  },
  {
    categoryId: 131,
    weight: 2,
    templates: [
      {
        type: "Velgremblokken",
        keyword: "remblokken",
        models: {
          Shimano: ["R55C4", "R55C4 Ultegra", "S70C", "M70T4"],
          SwissStop: ["FlashPro Original Black", "FlashPro BXP", "Black Prince"],
          "Kool-Stop": ["Salmon", "Dual Compound", "Thinline"],
          Campagnolo: ["Record remrubbers", "Chorus remrubbers"],
        },
        price: [7.95, 29.95],
        colours: ["Zwart", "Rood", "Oranje"],
        materials: ["Rubber"],
        tags: ["Racefiets", "Stadsfiets", "Toerfiets"],
        features: [
          "Korte remweg op aluminium en carbon velgen",
          "Weinig slijtage van de velg",
          "Eenvoudig te vervangen inserts",
          "Per set van vier",
        ],
        name: (p, rng) =>
          `${p.brand} ${p.model} velgremblokken ${rng.pick(["voor aluminium velgen", "voor carbon velgen"])}`,
      },
    ],
  },
  {
    categoryId: 132,
    weight: 2,
    templates: [
      {
        type: "Remkabel",
        keyword: "remkabel",
        models: {
          Shimano: ["SLR", "Optislick", "Road"],
          Jagwire: ["Pro", "Elite Link", "Sport"],
          SRAM: ["SlickWire Pro", "SlickWire Road"],
        },
        price: [4.95, 44.95],
        colours: ["Zwart", "Wit", "Rood", "Blauw", "Grijs"],
        materials: ["Staal", "Kunststof"],
        tags: PART_TAGS,
        features: [
          "Voorgerekte binnenkabel voor minder nastellen",
          "Gecoate kabel voor lage wrijving",
          "Compleet met eindkapjes",
          "Op lengte te knippen",
        ],
        name: (p, rng) =>
          `${p.brand} ${p.model} ${rng.pick(["remkabelset", "remkabel binnen", "buitenkabel 3 m"])}${p.colour ? ` ${p.colour.toLowerCase()}` : ""}`,
      },
    ],
  },
  {
    categoryId: 133,
    weight: 4,
    templates: [
      {
        type: "Buitenband race",
        keyword: "buitenband",
        models: {
          Continental: ["Grand Prix 5000", "Grand Prix 5000 S TR", "Grand Sport Race", "Ultra Sport III"],
          Schwalbe: ["Pro One TLE", "One", "Lugano II", "Durano Plus"],
          Vittoria: ["Corsa N.EXT", "Corsa Pro", "Rubino Pro", "Zaffiro Pro"],
          Pirelli: ["P Zero Race", "P Zero Velo"],
        },
        price: [24.95, 79.95],
        sizes: ["700x23c", "700x25c", "700x25c", "700x28c", "700x30c", "700x32c"],
        colours: ["Zwart", "Zwart", "Zwart", "Wit"],
        materials: ["Rubber"],
        tags: ["Racefiets", "Gravel"],
        features: [
          "Lage rolweerstand en veel grip in bochten",
          "Lekbescherming onder het loopvlak",
          "Vouwband: licht en makkelijk mee te nemen",
          "Tubeless ready (afhankelijk van uitvoering)",
        ],
        name: (p) =>
          `${p.brand} ${p.model} vouwband${sizeSuffix(p)}${p.colour && p.colour !== "Zwart" ? ` zwart/${p.colour.toLowerCase()}` : " zwart"}`,
      },
    ],
  },
  {
    categoryId: 134,
    weight: 3,
    templates: [
      {
        type: "Buitenband MTB",
        keyword: "buitenband",
        models: {
          Schwalbe: ["Nobby Nic", "Racing Ralph", "Magic Mary", "Wicked Will"],
          Continental: ["Mountain King", "Race King", "Cross King", "Xynotal"],
          Maxxis: ["Minion DHF", "Ardent", "Rekon", "Dissector"],
          Vittoria: ["Mezcal", "Barzo", "Martello"],
        },
        price: [29.95, 84.95],
        sizes: ["29 inch", "29 inch", "27,5 inch", "26 inch"],
        colours: ["Zwart"],
        materials: ["Rubber"],
        tags: ["MTB", "E-bike", "Gravel"],
        features: [
          "Open profiel dat modder goed afvoert",
          "Stevige zijwanden tegen snijschade",
          "Tubeless ready",
          "Zachte rubbermix voor grip op wortels en stenen",
        ],
        name: (p, rng) =>
          `${p.brand} ${p.model} MTB-band${sizeSuffix(p)} x ${rng.pick(["2.25", "2.35", "2.40", "2.60"])} tubeless ready`,
      },
    ],
  },
  {
    categoryId: 135,
    weight: 3,
    templates: [
      {
        type: "Buitenband stad",
        keyword: "buitenband",
        models: {
          Schwalbe: ["Marathon Plus", "Marathon", "Big Apple", "Energizer Plus", "Road Cruiser"],
          Continental: ["Contact Plus", "Ride Tour", "Ride City", "e-Contact"],
          Vredestein: ["Perfect Xtreme", "Dynamic Classic", "Perfect Tour"],
        },
        price: [14.95, 54.95],
        sizes: ["28 inch", "28 inch", "28 inch", "26 inch", "24 inch"],
        colours: ["Zwart", "Zwart", "Grijs"],
        materials: ["Rubber"],
        tags: ["Stadsfiets", "E-bike", "Toerfiets"],
        features: [
          "Extra dikke anti-lekbeschermingslaag",
          "Reflectiestrook op de zijwand",
          "Geschikt voor e-bikes tot 25 km/u",
          "Duizenden kilometers zonder zorgen",
        ],
        name: (p, rng) =>
          `${p.brand} ${p.model} buitenband${sizeSuffix(p)} ${rng.pick(["x 1.40 (37-622)", "x 1.50 (40-622)", "x 1.75 (47-622)", "x 2.00 (50-559)"])}`,
      },
    ],
  },
  {
    categoryId: 103,
    weight: 3,
    templates: [
      {
        type: "Binnenband",
        keyword: "binnenband",
        models: {
          Schwalbe: ["SV15", "SV17", "AV19", "SV20 Extra Light"],
          Continental: ["Race 28", "Tour 28", "MTB 29", "Race 28 Light"],
          Vittoria: ["Competition Latex", "Ultralite"],
        },
        price: [4.95, 16.95],
        sizes: ["700x25c", "700x28c", "28 inch", "26 inch", "29 inch"],
        colours: ["Zwart"],
        materials: ["Rubber"],
        tags: PART_TAGS,
        features: [
          "Butyl van hoge kwaliteit, houdt de druk lang vast",
          "Afschroefbaar ventielbinnenwerk",
          "Lichte uitvoering voor snelle wielen",
          "Verpakt in een handig doosje",
        ],
        name: (p, rng) =>
          `${p.brand} ${p.model} binnenband${sizeSuffix(p)} ${rng.pick(["presta 60 mm", "presta 42 mm", "schrader 40 mm", "Dunlop-ventiel"])}`,
      },
    ],
  },
  {
    categoryId: 104,
    weight: 4,
    templates: [
      {
        type: "Fietslamp",
        keyword: "verlichting",
        models: {
          Lezyne: ["Macro Drive 1400+", "Lite Drive 1200+", "Strip Drive Pro 400+", "KTV Drive"],
          "Busch + Müller": ["IQ-X", "Ixon Core", "Toplight Line", "Ixon Space"],
          Knog: ["Blinder 80", "Plus", "Big Cobber", "PWR Road 700"],
          Sigma: ["Buster 1100", "Aura 80", "Blaze", "Buster RL 150"],
          Topeak: ["WhiteLite Mini", "RedLite Aero USB", "CubiCubi"],
        },
        price: [12.95, 129.95],
        colours: ["Zwart", "Zwart", "Zilver", "Wit"],
        materials: ["Aluminium", "Kunststof"],
        tags: ["Racefiets", "MTB", "Stadsfiets", "E-bike"],
        features: [
          "Oplaadbaar via USB-C",
          "Voldoet aan de Duitse StVZO-norm (uitvoering afhankelijk)",
          "Meerdere lichtstanden met geheugenfunctie",
          "Waterdicht volgens IPX7",
        ],
        name: (p, rng) =>
          `${p.brand} ${p.model} ${rng.pick(["voorlicht", "achterlicht", "verlichtingsset"])} ${rng.pick([80, 150, 400, 800, 1200])} lumen USB-C`,
      },
    ],
  },
  {
    categoryId: 105,
    weight: 3,
    templates: [
      {
        type: "Stuur",
        keyword: "stuur",
        models: {
          Zipp: ["Service Course SL-70", "Service Course 80"],
          Ritchey: ["WCS Streem", "Comp Curve", "WCS EvoCurve"],
          Shimano: ["PRO Vibe", "PRO LT Compact"],
        },
        price: [39.95, 289.0],
        sizes: ["40 cm", "42 cm", "44 cm"],
        colours: ["Zwart", "Zilver"],
        materials: ["Aluminium", "Carbon", "Carbon"],
        tags: ["Racefiets", "Gravel"],
        features: [
          "Compacte bocht voor makkelijk remmen in de beugels",
          "Ergonomisch afgevlakte bovenkant",
          "Interne kabelgeleiding",
          "Diameter 31,8 mm",
        ],
        name: (p) => `${p.brand} ${p.model} racestuur ${p.material?.toLowerCase() ?? "aluminium"}${sizeSuffix(p)}`,
      },
      {
        type: "Handvatten",
        keyword: "handvatten",
        models: { Ergon: ["GA3", "GP1", "GS1 Evo", "GE1 Evo", "GP3"] },
        price: [24.95, 59.95],
        sizes: ["S", "M", "L"],
        colours: ["Zwart", "Grijs", "Blauw", "Rood", "Oranje"],
        materials: ["Rubber", "Kunststof"],
        tags: ["MTB", "Stadsfiets", "E-bike", "Toerfiets"],
        features: [
          "Ergonomische vorm verlaagt de druk op de handpalm",
          "Lock-on klem, draait niet weg",
          "Grippy rubbermix",
          "Gemaakt in Duitsland ontworpen",
        ],
        name: (p) => `${p.brand} ${p.model} handvatten${sizeSuffix(p)}${p.colour ? ` ${p.colour.toLowerCase()}` : ""}`,
      },
      {
        type: "Stuurlint",
        keyword: "stuurlint",
        models: {
          Fizik: ["Vento Microtex Tacky", "Terra Bondcush", "Tempo Microtex Bondcush Soft"],
          Lizard: ["DSP 2.5", "DSP 3.2"],
        },
        price: [19.95, 44.95],
        sizes: ["200 cm"],
        colours: ["Zwart", "Wit", "Rood", "Blauw", "Geel", "Oranje", "Groen"],
        materials: ["Kunststof"],
        tags: ["Racefiets", "Gravel"],
        features: [
          "Tacky oppervlak voor grip, ook met natte handschoenen",
          "Inclusief stuurdopjes en afwerkstrips",
          "Dempt trillingen van ruw wegdek",
          "Eenvoudig te wikkelen",
        ],
        name: (p) => `${p.brand} ${p.model} stuurlint ${p.colour?.toLowerCase() ?? "zwart"}`,
      },
    ],
  },
  {
    categoryId: 106,
    weight: 3,
    templates: [
      {
        type: "Zadel",
        keyword: "zadel",
        models: {
          "Selle Italia": ["SLR Boost", "Flite Boost", "Novus Boost", "X-LR", "Model X"],
          Fizik: ["Antares R3", "Argo Vento R5", "Aliante R5", "Tempo Argo R1"],
          Ergon: ["SR Pro", "SM Comp", "ST Core Evo", "SR Allroad"],
          Brooks: ["B17", "Cambium C17", "Swift"],
        },
        price: [39.95, 329.0],
        sizes: ["S", "M", "L"],
        colours: ["Zwart", "Zwart", "Wit", "Rood", "Grijs"],
        materials: ["Staal", "Titanium", "Carbon"],
        tags: ["Racefiets", "MTB", "Gravel", "Toerfiets"],
        features: [
          "Drukontlastend kanaal in het midden",
          "Zadelpennen van verschillende breedtes leverbaar",
          "Slijtvaste microvezel bekleding",
          "Getest in samenwerking met profrenners",
        ],
        name: (p) =>
          `${p.brand} ${p.model} zadel${p.material ? ` ${p.material.toLowerCase()} rails` : ""}${p.size ? ` maat ${p.size}` : ""}`,
      },
    ],
  },
  {
    categoryId: 107,
    weight: 3,
    templates: [
      {
        type: "Pedalen",
        keyword: "pedalen",
        models: {
          Shimano: ["PD-R8000 Ultegra SPD-SL", "PD-M520 SPD", "PD-M8100 XT SPD", "PD-R550 SPD-SL", "PD-EH500"],
          Look: ["Keo 2 Max", "Keo Blade Carbon", "X-Track Race"],
          Time: ["Xpresso 4", "ATAC MX 4"],
          Crankbrothers: ["Candy 3", "Stamp 1", "Mallet E", "Eggbeater 2"],
        },
        price: [29.95, 249.0],
        colours: ["Zwart", "Zilver", "Rood", "Blauw", "Grijs"],
        materials: ["Aluminium", "Carbon", "Kunststof", "Staal"],
        tags: ["Racefiets", "MTB", "Gravel", "Stadsfiets"],
        features: [
          "Instelbare uitklikspanning",
          "Inclusief schoenplaatjes",
          "Groot contactvlak voor efficiënte krachtoverbrenging",
          "Gesealde lagers",
        ],
        name: (p) => `${p.brand} ${p.model} pedalen${p.colour ? ` ${p.colour.toLowerCase()}` : ""}`,
      },
    ],
  },
  {
    categoryId: 108,
    weight: 3,
    templates: [
      {
        type: "Cassette",
        keyword: "cassette",
        models: {
          Shimano: ["CS-R8000 Ultegra", "CS-R7100 105", "CS-HG700", "CS-M8100 XT", "CS-M6100 Deore"],
          SRAM: ["PG-1130", "XG-1275 Eagle", "XG-1270", "PG-1230"],
          Campagnolo: ["Record 12", "Chorus 12", "Centaur 11"],
        },
        price: [34.95, 449.0],
        sizes: ["11-28", "11-30", "11-32", "11-34", "10-51", "10-52"],
        colours: ["Zilver", "Grijs", "Zwart"],
        materials: ["Staal", "Titanium", "Aluminium"],
        tags: ["Racefiets", "MTB", "Gravel", "E-bike"],
        features: [
          "Nauwkeurig schakelen dankzij Hyperglide-tandvorm",
          "Lichte spider van aluminium",
          "Breed bereik voor klimmen en dalen",
          "Vraagt de bijpassende ketting en derailleur",
        ],
        name: (p, rng) => `${p.brand} ${p.model} cassette ${rng.pick([10, 11, 12])}-speed${sizeSuffix(p)}`,
      },
    ],
  },

  // Onderhoud
  {
    categoryId: 17,
    weight: 4,
    templates: [
      {
        type: "Fietsreiniger",
        keyword: "reiniger",
        models: {
          "Muc-Off": ["Nano Tech Bike Cleaner", "Drivetrain Cleaner", "Dry Wash", "E-Bike Dry Wash"],
          "Finish Line": ["Super Bike Wash", "Citrus Degreaser", "EcoTech Degreaser", "Speed Degreaser"],
          "WD-40 Bike": ["Fietsreiniger", "Ontvetter", "Totaalreiniger"],
          Squirt: ["Bike Wash Concentrate"],
        },
        price: [6.95, 39.95],
        sizes: ["500 ml", "750 ml", "1 liter", "400 ml", "5 liter"],
        materials: ["Kunststof"],
        tags: MAINT_TAGS,
        features: [
          "Lost vet, modder en wegvuil snel op",
          "Veilig voor carbon, lak en rubber",
          "Biologisch afbreekbare formule",
          "Spuiten, laten inwerken en afspoelen",
        ],
        name: (p) => `${p.brand} ${p.model}${sizeSuffix(p)}`,
      },
      {
        type: "Borstel",
        keyword: "borstel",
        models: {
          "Muc-Off": ["Borstelset 3-delig", "Drivetrain Brush", "Claw Brush", "Soft Washing Brush"],
          "Park Tool": ["BCB-5 borstelset", "GSC-1 tandwielborstel", "CM-5.3 Cyclone kettingreiniger"],
        },
        price: [4.95, 44.95],
        colours: ["Zwart", "Rood", "Blauw", "Geel", "Oranje"],
        materials: ["Kunststof"],
        tags: MAINT_TAGS,
        features: [
          "Stugge en zachte haren voor elk onderdeel",
          "Ergonomische greep",
          "Komt overal tussen: cassette, ketting en naven",
          "Gaat jaren mee",
        ],
        name: (p) => `${p.brand} ${p.model}${p.colour ? ` ${p.colour.toLowerCase()}` : ""}`,
      },
    ],
  },
  {
    categoryId: 18,
    weight: 4,
    templates: [
      {
        type: "Kettingsmeermiddel",
        keyword: "smeermiddel",
        models: {
          Squirt: ["Long Lasting Dry Lube", "E-Bike Chain Lube", "Low Temp Lube"],
          "Finish Line": ["Dry Teflon Lube", "Wet Lube", "Ceramic Wax Lube", "1-Step Clean & Lube"],
          "Muc-Off": ["Dry Lube", "Wet Lube", "Ludicrous AF Lube", "C3 Ceramic Dry Lube"],
          "WD-40 Bike": ["Wet Lube", "Dry Lube", "All Conditions Lube"],
        },
        price: [5.95, 34.95],
        sizes: ["60 ml", "100 ml", "120 ml", "50 ml", "500 ml"],
        materials: ["Kunststof"],
        tags: MAINT_TAGS,
        features: [
          "Dringt diep door tot in de kettingrollen",
          "Stoot vuil en water af",
          "Minder wrijving, meer watt op de weg",
          "Handige doseerdop",
        ],
        name: (p, rng) =>
          `${p.brand} ${p.model} kettingolie ${rng.pick(["droog weer", "nat weer", "alle weersomstandigheden"])}${sizeSuffix(p)}`,
      },
      {
        type: "Vet",
        keyword: "vet",
        models: {
          "Park Tool": ["PolyLube 1000", "HPG-1 High Performance"],
          Shimano: ["Premium Grease", "DURA-ACE vet"],
          "Finish Line": ["Premium Grease", "Teflon Grease"],
        },
        price: [7.95, 29.95],
        sizes: ["100 g", "50 g", "450 g"],
        materials: ["Kunststof"],
        tags: ["Werkplaats", "Racefiets", "MTB"],
        features: [
          "Waterbestendig montagevet",
          "Voor lagers, draad en zadelpen",
          "Beschermt tegen corrosie",
          "Tube of pot met dosering",
        ],
        name: (p) => `${p.brand} ${p.model} montagevet${sizeSuffix(p)}`,
      },
    ],
  },
  {
    categoryId: 19,
    weight: 4,
    templates: [
      {
        type: "Gereedschap",
        keyword: "gereedschap",
        models: {
          "Park Tool": [
            "CT-3.3 kettingpons",
            "AWS-10 inbussleutelset",
            "TL-1.2 bandenlichters",
            "TW-5.2 momentsleutel",
            "CC-3.2 kettingslijtagemeter",
          ],
          Topeak: ["Mini 20 Pro multitool", "Hexus X multitool", "Ratchet Rocket Lite DX", "Nano TorqBar X"],
          Lezyne: ["V Pro 17 multitool", "Blox 10", "Tubeless Kit"],
          Shimano: ["TL-FC16 trapassleutel", "TL-LR15 cassettegereedschap", "TL-CN42 kettingpons"],
        },
        price: [6.95, 89.95],
        colours: ["Zwart", "Zilver", "Blauw", "Rood"],
        materials: ["Staal", "Aluminium", "Kunststof"],
        tags: ["Werkplaats", "Racefiets", "MTB", "Stadsfiets"],
        features: [
          "Gehard gereedschapsstaal",
          "Voor thuis en in de werkplaats",
          "Levenslange garantie van de fabrikant",
          "Compact genoeg voor in de zadeltas",
        ],
        name: (p) => `${p.brand} ${p.model}`,
      },
      {
        type: "Montagestandaard",
        keyword: "montagestandaard",
        models: {
          "Park Tool": ["PRS-25 Team Race", "PCS-10.3", "PRS-33.2 Power Lift"],
          Topeak: ["PrepStand Max", "PrepStand Pro", "PrepStand X"],
        },
        price: [129.0, 1249.0],
        colours: ["Blauw", "Zwart", "Zilver"],
        materials: ["Aluminium", "Staal"],
        tags: ["Werkplaats"],
        features: [
          "Stabiel statief, ook bij zware e-bikes",
          "Snelspanklem die de buis niet beschadigt",
          "In hoogte verstelbaar",
          "Opvouwbaar voor transport",
        ],
        name: (p) => `${p.brand} ${p.model} montagestandaard`,
      },
    ],
  },
  {
    categoryId: 20,
    weight: 3,
    templates: [
      {
        type: "Plakset",
        keyword: "plakset",
        models: {
          "Park Tool": ["VP-1 plakset", "GP-2 Super Patch", "TB-2 bandenreparatie"],
          Topeak: ["Flypaper plakset", "Tubeless reparatieset"],
          Schwalbe: ["Plakset Flickzeug", "Doc Blue tubeless sealant"],
          "Muc-Off": ["Tubeless Repair Kit", "No Puncture Hassle sealant"],
          "Rema Tip Top": ["TT 01 plakset", "TT 05 sport"],
        },
        price: [2.95, 24.95],
        sizes: ["140 ml", "1 liter", "60 ml"],
        materials: ["Rubber", "Kunststof"],
        tags: ["Racefiets", "MTB", "Stadsfiets", "Gravel"],
        features: [
          "Alles voor een reparatie langs de weg",
          "Zelfklevende plakkers, geen solutie nodig",
          "Past in iedere zadeltas",
          "Ook geschikt voor tubeless banden",
        ],
        name: (p) => `${p.brand} ${p.model}`,
      },
    ],
  },
  {
    categoryId: 21,
    weight: 2,
    templates: [
      {
        type: "Poetsdoek",
        keyword: "poetsdoek",
        models: {
          "Muc-Off": ["Premium Microfibre Polishing Cloth", "Luxury Microfibre Cloth"],
          "WD-40 Bike": ["Microvezeldoek", "Poetsdoeken 3-pack"],
          "Finish Line": ["Shop Towels 30 stuks"],
          "Park Tool": ["SR-1 Shop Rag"],
        },
        price: [3.95, 14.95],
        sizes: ["S", "M", "L"],
        colours: ["Wit", "Blauw", "Grijs", "Geel", "Groen"],
        materials: ["Kunststof"],
        tags: ["Werkplaats", "Racefiets", "E-bike"],
        features: [
          "Pluisvrije microvezel",
          "Neemt vuil en olie goed op",
          "Wasbaar op 60 graden",
          "Laat geen krassen achter op lak",
        ],
        name: (p) => `${p.brand} ${p.model}${p.colour ? ` ${p.colour.toLowerCase()}` : ""}`,
      },
    ],
  },
  {
    categoryId: 22,
    weight: 3,
    templates: [
      {
        type: "Fietspomp",
        keyword: "pomp",
        models: {
          Topeak: [
            "JoeBlow Sport III vloerpomp",
            "Race Rocket HP minipomp",
            "Mini Morph minipomp",
            "JoeBlow Booster tubeless vloerpomp",
          ],
          Lezyne: [
            "Micro Floor Drive HV minipomp",
            "Pressure Drive minipomp",
            "Classic Floor Drive vloerpomp",
            "Sport Floor Drive vloerpomp",
          ],
          SKS: ["Rennkompressor vloerpomp", "Airworx 10.0 vloerpomp", "Injex Lite Zoom minipomp"],
          "Park Tool": ["PFP-8 vloerpomp", "PMP-4.2 minipomp"],
        },
        price: [19.95, 149.95],
        colours: ["Zwart", "Zilver", "Rood", "Blauw"],
        materials: ["Aluminium", "Staal", "Kunststof"],
        tags: ["Racefiets", "MTB", "Stadsfiets", "E-bike"],
        features: [
          "Grote, goed afleesbare manometer",
          "Slimme pompkop voor presta en schrader",
          "Tot 11 bar / 160 psi",
          "Stevige voet en ergonomisch handvat",
        ],
        name: (p) => `${p.brand} ${p.model}${p.colour ? ` ${p.colour.toLowerCase()}` : ""}`,
      },
    ],
  },

  // Sportvoeding
  {
    categoryId: 165,
    weight: 5,
    templates: [
      {
        type: "Energiegel",
        keyword: "gel",
        models: {
          "BYE!": ["Energy Gel", "Energy Gel Caffeine", "Hydro Gel"],
          SiS: ["GO Isotonic Energy Gel", "Beta Fuel Gel", "GO Energy + Caffeine Gel"],
          Maurten: ["Gel 100", "Gel 160", "Gel 100 CAF 100"],
          High5: ["Energy Gel", "Energy Gel Aqua", "Energy Gel + Caffeine"],
          OTE: ["Energy Gel", "Caffeine Shot Gel"],
          Nutrixxion: ["Energy Gel"],
          Etixx: ["Energy Gel", "Isotonic Energy Gel"],
        },
        price: [1.95, 4.5],
        sizes: ["40 g", "60 ml", "40 g", "65 g"],
        tags: ["Energie", "Cafeïne", "Vegan", "Glutenvrij"],
        features: [
          "Snel opneembare koolhydraten tijdens inspanning",
          "Makkelijk te openen, ook met handschoenen",
          "Getest door wielrenners en triatleten",
          "Neem een gel elke 30 tot 45 minuten",
        ],
        name: (p, rng) =>
          `${p.brand} ${p.model} ${rng.pick(["citroen", "sinaasappel", "cola", "tropisch", "framboos", "banaan", "zwarte bes", "zoute karamel", "mango"])}${sizeSuffix(p)}`,
        nutrition: {
          profile: { kcal: 250, fat: 0, saturated: 0, carbs: 62, sugars: 28, protein: 0, salt: 0.15, serving: 40 },
          ingredients:
            "Water, maltodextrine, fructose, geleermiddel (gellangom), zuurteregelaar (citroenzuur), natuurlijk aroma, natriumchloride, conserveermiddel (kaliumsorbaat).",
          allergens:
            "Bevat geen allergenen volgens EU-verordening 1169/2011. Geproduceerd in een bedrijf dat ook melk en soja verwerkt.",
        },
      },
    ],
  },
  {
    categoryId: 166,
    weight: 4,
    templates: [
      {
        type: "Sportdrank",
        keyword: "sportdrank",
        models: {
          "BYE!": ["Isotone Sportdrank", "Energy Drink Mix", "Carbo Drink 80"],
          SiS: ["GO Electrolyte", "Beta Fuel Drink"],
          Maurten: ["Drink Mix 160", "Drink Mix 320"],
          Isostar: ["Hydrate & Perform", "Fast Hydration"],
          High5: ["Energy Drink", "Energy Drink Caffeine Hit"],
          Etixx: ["Isotonic", "Carbo-GY"],
        },
        price: [2.95, 39.95],
        sizes: ["500 g", "1 kg", "500 ml", "40 g"],
        tags: ["Energie", "Hydratatie", "Vegan", "Glutenvrij"],
        features: [
          "Isotone mix van koolhydraten en elektrolyten",
          "Lost snel op zonder klontjes",
          "Frisse, niet te zoete smaak",
          "Los 40 gram op in 500 ml water",
        ],
        name: (p, rng) =>
          `${p.brand} ${p.model} ${rng.pick(["citroen", "sinaasappel", "rode vruchten", "neutraal", "limoen"])}${sizeSuffix(p)}`,
        nutrition: {
          profile: { kcal: 380, fat: 0, saturated: 0, carbs: 94, sugars: 40, protein: 0, salt: 1.6, serving: 40 },
          ingredients:
            "Maltodextrine, fructose, dextrose, natriumcitraat, zuurteregelaar (citroenzuur), natuurlijk aroma, magnesiumcarbonaat, kaliumchloride, zoetstof (steviolglycosiden).",
          allergens: "Glutenvrij. Kan sporen van melk bevatten.",
        },
      },
    ],
  },
  {
    categoryId: 167,
    weight: 4,
    templates: [
      {
        type: "Energiereep",
        keyword: "reep",
        models: {
          "BYE!": ["Energy Bar", "Oat Bar", "Fruit Bar"],
          SiS: ["GO Energy Bar", "Beta Fuel Bar"],
          High5: ["Energy Bar", "EnergyBar Low Sugar"],
          Isostar: ["Energy Bar", "Reload Bar"],
          OTE: ["Anytime Bar", "Energy Bar"],
          Nutrixxion: ["Energy Bar", "Crunchy Bar"],
          Etixx: ["Energy Bar", "Carbo Bar"],
        },
        price: [1.75, 3.95],
        sizes: ["40 g", "55 g", "65 g"],
        tags: ["Energie", "Vegan", "Glutenvrij"],
        features: [
          "Langzame en snelle koolhydraten voor lange ritten",
          "Zacht en makkelijk te kauwen",
          "Met echte stukjes fruit",
          "Past in iedere achterzak",
        ],
        name: (p, rng) =>
          `${p.brand} ${p.model} ${rng.pick(["banaan", "appel-kaneel", "abrikoos", "chocolade", "cranberry", "pinda", "dadel-cacao"])}${sizeSuffix(p)}`,
        nutrition: {
          profile: { kcal: 360, fat: 6, saturated: 1.2, carbs: 66, sugars: 30, protein: 6, salt: 0.3, serving: 55 },
          ingredients:
            "Havervlokken, glucosestroop, gedroogde dadels, rijstcrisps, zonnebloemolie, honing, natuurlijk aroma, zout.",
          allergens: "Bevat gluten (haver). Kan sporen van noten, pinda en soja bevatten.",
        },
      },
    ],
  },
  {
    categoryId: 168,
    weight: 3,
    templates: [
      {
        type: "Eiwitreep",
        keyword: "reep",
        models: {
          "BYE!": ["Protein Bar", "Protein Crisp"],
          SiS: ["Protein Bar", "REGO Protein Bar"],
          Etixx: ["Protein Bar 30 %", "Protein Crunch"],
          Nutrixxion: ["Protein Bar"],
          High5: ["Protein Bar"],
        },
        price: [1.95, 3.5],
        sizes: ["55 g", "60 g", "40 g"],
        tags: ["Herstel", "Glutenvrij"],
        features: [
          "Minstens 20 gram eiwit per reep",
          "Weinig suiker",
          "Lekker als tussendoortje na het trainen",
          "Met melk- en soja-eiwit",
        ],
        name: (p, rng) =>
          `${p.brand} ${p.model} ${rng.pick(["chocolade", "vanille", "salted caramel", "cookie dough", "pinda"])}${sizeSuffix(p)}`,
        nutrition: {
          profile: { kcal: 370, fat: 11, saturated: 5, carbs: 33, sugars: 4, protein: 33, salt: 0.5, serving: 55 },
          ingredients:
            "Melkeiwit, soja-eiwitisolaat, zoetstof (maltitol), melkchocolade (15 %), cacaoboter, bevochtigingsmiddel (glycerol), natuurlijk aroma, emulgator (sojalecithine).",
          allergens: "Bevat melk en soja. Kan sporen van noten en gluten bevatten.",
        },
      },
    ],
  },
  {
    categoryId: 169,
    weight: 3,
    templates: [
      {
        type: "Hersteldrank",
        keyword: "herstel",
        models: {
          "BYE!": ["Recovery Shake", "Recovery Drink"],
          SiS: ["REGO Rapid Recovery", "REGO Rapid Recovery Plus"],
          Etixx: ["Recovery Shake"],
          High5: ["Recovery Drink"],
          Isostar: ["Recovery Powder"],
        },
        price: [17.95, 49.95],
        sizes: ["500 g", "1 kg", "1,6 kg"],
        tags: ["Herstel", "Glutenvrij"],
        features: [
          "Koolhydraten en eiwit in de verhouding 3:1",
          "Direct na de training innemen",
          "Met vitamines en mineralen",
          "Mengt glad met water of melk",
        ],
        name: (p, rng) =>
          `${p.brand} ${p.model} ${rng.pick(["chocolade", "aardbei", "vanille", "banaan"])}${sizeSuffix(p)}`,
        nutrition: {
          profile: { kcal: 375, fat: 2, saturated: 1, carbs: 58, sugars: 30, protein: 30, salt: 0.8, serving: 50 },
          ingredients:
            "Maltodextrine, wei-eiwitconcentraat (melk), fructose, magere cacao, natuurlijk aroma, verdikkingsmiddel (xanthaangom), vitaminen (C, B6, B12).",
          allergens: "Bevat melk. Kan sporen van soja bevatten.",
        },
      },
    ],
  },
  {
    categoryId: 170,
    weight: 3,
    templates: [
      {
        type: "Elektrolytentabletten",
        keyword: "elektrolyten",
        models: {
          "BYE!": ["Elektrolyten bruistabletten", "Hydro Tabs"],
          SiS: ["Hydro tabletten"],
          High5: ["Zero tabletten", "Zero Caffeine Hit"],
          Nutrixxion: ["Electrolytes"],
          Isostar: ["Hydrate Tabs"],
          OTE: ["Hydro Tablets"],
        },
        price: [5.95, 12.95],
        sizes: ["20 tabletten", "10 tabletten"],
        tags: ["Hydratatie", "Vegan", "Glutenvrij", "Cafeïne"],
        features: [
          "Vult natrium, kalium en magnesium aan",
          "Vrijwel geen calorieën",
          "Eén bruistablet per bidon van 500 ml",
          "Handige koker, past in de achterzak",
        ],
        name: (p, rng) =>
          `${p.brand} ${p.model} ${rng.pick(["citroen", "bessen", "sinaasappel", "tropisch", "watermeloen"])}${sizeSuffix(p)}`,
        nutrition: {
          profile: { kcal: 190, fat: 0, saturated: 0, carbs: 30, sugars: 0.5, protein: 0, salt: 28, serving: 4 },
          ingredients:
            "Zuurteregelaars (citroenzuur, natriumwaterstofcarbonaat), natriumcarbonaat, kaliumcarbonaat, magnesiumcarbonaat, natuurlijk aroma, zoetstof (sucralose), kleurstof (bietenrood).",
          allergens: "Bevat geen allergenen volgens EU-verordening 1169/2011.",
        },
      },
    ],
  },
  {
    categoryId: 171,
    weight: 2,
    templates: [
      {
        type: "Energy chews",
        keyword: "chews",
        models: {
          "BYE!": ["Energy Chews", "Energy Chews Caffeine"],
          Maurten: ["Solid 160", "Solid C 160"],
          OTE: ["Energy Chews"],
          SiS: ["Beta Fuel Chews"],
        },
        price: [2.25, 4.95],
        sizes: ["60 g", "50 g"],
        tags: ["Energie", "Cafeïne", "Vegan"],
        features: [
          "Kleine porties voor onderweg",
          "Prettige zachte structuur",
          "Geen plakkerige vingers",
          "Te combineren met gels en drank",
        ],
        name: (p, rng) =>
          `${p.brand} ${p.model} ${rng.pick(["cola", "aardbei", "citroen", "tropisch"])}${sizeSuffix(p)}`,
        nutrition: {
          profile: { kcal: 330, fat: 0, saturated: 0, carbs: 80, sugars: 45, protein: 0, salt: 0.4, serving: 50 },
          ingredients:
            "Glucosestroop, suiker, maïszetmeel, geleermiddel (pectine), zuurteregelaar (citroenzuur), natuurlijk aroma, natriumcitraat.",
          allergens: "Bevat geen allergenen volgens EU-verordening 1169/2011.",
        },
      },
    ],
  },
];
