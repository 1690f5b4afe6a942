/** Fixed shop content: homepage slides, the two blog articles and the sports-nutrition quiz. */

export type SlideSeed = {
  title: string;
  text: string;
  bgImage: string;
  ctaText: string;
  ctaLink: string;
  highlight: string;
  isActive: boolean;
  sortOrder: number;
};

export const CAROUSEL_SEEDS: readonly SlideSeed[] = [
  {
    title: "Sportvoeding voor elke kilometer",
    highlight: "Nieuw: BYE! energiegels",
    text: "Gels, repen en sportdranken van BYE!, SiS, Maurten en meer. Voor 18:00 besteld, morgen in huis.",
    bgImage: "/media/hero/1.svg",
    ctaText: "Bekijk sportvoeding",
    ctaLink: "/sportvoeding",
    isActive: true,
    sortOrder: 0,
  },
  {
    title: "Een schone fiets rijdt sneller",
    highlight: "Reiniging",
    text: "Fietsreinigers, ontvetters en borstels die vuil aanpakken en je lak sparen.",
    bgImage: "/media/hero/2.svg",
    ctaText: "Naar reiniging",
    ctaLink: "/reiniging",
    isActive: true,
    sortOrder: 1,
  },
  {
    title: "Onderdelen van topmerken",
    highlight: "Shimano · SRAM · Campagnolo",
    text: "Kettingen, cassettes, remblokken en banden voor race, MTB en stad: alles voor je fiets.",
    bgImage: "/media/hero/3.svg",
    ctaText: "Bekijk fietsonderdelen",
    ctaLink: "/fietsonderdelen",
    isActive: true,
    sortOrder: 2,
  },
  {
    title: "Soepel schakelen begint bij smering",
    highlight: "Smering",
    text: "Kettingolie en vet voor droog en nat weer, van Squirt, Finish Line en Muc-Off.",
    bgImage: "/media/hero/4.svg",
    ctaText: "Naar smering",
    ctaLink: "/smering",
    isActive: true,
    sortOrder: 3,
  },
  {
    title: "Winteractie: verlichting",
    highlight: "Verlopen actie",
    text: "Deze slide staat uit en hoort nergens te verschijnen.",
    bgImage: "/media/hero/5.svg",
    ctaText: "Bekijk alles",
    ctaLink: "/products",
    isActive: false,
    sortOrder: 4,
  },
];

export type BlogSeed = {
  slug: string;
  title: string;
  excerpt: string;
  publishedOn: string;
  author: string;
  thumbnail: string;
  featuredImage: string;
  contentHtml: string;
};

const TRIATHLON_HTML = `
<p>Een kwart triathlon is voor veel sporters de eerste echte kennismaking met de multisport. Je zwemt één kilometer, fietst veertig kilometer en sluit af met tien kilometer hardlopen. Afhankelijk van je niveau ben je daar tussen de twee en drie en een half uur mee bezig. Dat is lang genoeg om voeding een rol te laten spelen, maar kort genoeg om het simpel te houden. In dit artikel lees je wat je de dagen vooraf, op de wedstrijddag zelf en tijdens de race het beste kunt eten en drinken.</p>
<h2>De dagen voor de wedstrijd</h2>
<p>Stapelen van koolhydraten zoals marathonlopers dat doen is voor een kwart triathlon niet nodig. Je glycogeenvoorraad in lever en spieren is groot genoeg voor een inspanning van deze duur, zeker als je goed uitgerust aan de start verschijnt. Wat wél helpt, is de laatste twee dagen iets meer koolhydraten te eten dan normaal en vezelrijke producten wat te beperken. Denk aan een extra portie pasta, rijst of aardappelen bij het avondeten en wit brood in plaats van volkoren bij de lunch. Zo voorkom je dat je darmen tijdens het lopen gaan opspelen.</p>
<p>Drink in de dagen voor de wedstrijd gewoon naar dorst en let op de kleur van je urine: lichtgeel is goed. Overdreven veel water drinken heeft geen zin en kan zelfs je natriumgehalte verlagen. Eet geen nieuwe producten of onbekende gerechten; de week voor de wedstrijd is niet het moment om te experimenteren.</p>
<h2>Het ontbijt op de wedstrijddag</h2>
<p>Eet twee tot drie uur voor de start een licht verteerbaar ontbijt met vooral koolhydraten. Goede opties zijn:</p>
<ul>
<li>twee of drie sneetjes wit brood met honing of jam;</li>
<li>een kom havermout met banaan;</li>
<li>een rijstwafel met pindakaas en een beker sportdrank;</li>
<li>een energiereep als je zenuwachtig bent en weinig trek hebt.</li>
</ul>
<p>Koffie mag, als je eraan gewend bent. Cafeïne verbetert het uithoudingsvermogen en de concentratie. Drink in het uur voor de start nog een halve tot hele bidon water of sportdrank met elektrolyten, in kleine slokken, zodat je niet met een volle maag het water in gaat.</p>
<h2>Vlak voor de start</h2>
<p>Een kwartier voor het zwemmen kun je een energiegel nemen. Je hebt onderweg in het water niets, en juist het eerste deel van het fietsen is vaak een drukke periode waarin je niet goed aan eten toekomt. Kies een gel die je eerder op training hebt geprobeerd. Veel triatleten kiezen hier voor een gel met cafeïne, die zo rond het fietsen begint te werken.</p>
<h2>Op de fiets: het moment om te tanken</h2>
<p>Het fietsonderdeel is het makkelijkste moment om te eten en te drinken. Je hartslag is wat lager dan bij het lopen en je maag wordt minder door elkaar geschud. Mik op dertig tot zestig gram koolhydraten per uur. In de praktijk betekent dat bijvoorbeeld:</p>
<ul>
<li>één bidon isotone sportdrank (ongeveer dertig gram koolhydraten) en één energiegel;</li>
<li>of een halve energiereep in het eerste halfuur en een gel in het tweede;</li>
<li>plus water naar behoefte, vooral als het warm is.</li>
</ul>
<p>Plak je gels met een stukje tape op je bovenbuis of stop ze in een bentobox, dan hoef je niet in je achterzak te graaien. Neem de laatste gel ongeveer tien minuten voor de tweede wissel, zodat de suikers beschikbaar zijn wanneer je begint te lopen.</p>
<h2>Het looponderdeel</h2>
<p>Tijdens de tien kilometer heb je meestal één of twee verzorgingsposten. Pak daar een paar slokken water of sportdrank. Wie sneller loopt dan vijftig minuten heeft aan het eerder gegeten eten genoeg. Ben je langer onderweg, neem dan halverwege nog een kleine gel. Let op: sommige sporters verdragen de combinatie van gel en hardlopen slecht. Probeer het dus vooraf uit in een duurloop of een brick-training, waarin je direct na het fietsen gaat lopen.</p>
<h2>Herstel na de finish</h2>
<p>Na de finish wil je vooral vocht, koolhydraten en eiwit aanvullen. Een hersteldrank met koolhydraten en eiwit in de verhouding drie op één is handig, omdat je na een wedstrijd vaak weinig trek hebt. Daarna volgt een gewone maaltijd met voldoende eiwit, bijvoorbeeld kip, vis, peulvruchten of zuivel, en groenten. Vergeet niet om de rest van de dag goed te blijven drinken.</p>
<h2>Samengevat</h2>
<p>Voor een kwart triathlon hoef je geen ingewikkeld voedingsplan te maken. Eet de dagen ervoor iets meer koolhydraten, ontbijt licht en op tijd, neem een gel vlak voor de start en tank vooral op de fiets. Het allerbelangrijkste advies is misschien wel: test alles op training. Wat je maag op een rustige zondag verdraagt, werkt ook op de wedstrijddag. Veel succes en vooral veel plezier!</p>
`.trim();

const GELS_HTML = `
<p>Energiegels zijn niet meer weg te denken uit de achterzak van wielrenners, hardlopers en triatleten. Ze zijn klein, licht en leveren in één keer een flinke portie koolhydraten. Maar wat zit er eigenlijk in zo'n zakje, en waarom verschillen gels onderling zo sterk in smaak, structuur en werking? We zetten de belangrijkste ingrediënten op een rij.</p>
<h2>Koolhydraten: de kern van elke gel</h2>
<p>De hoofdrol is voor de koolhydraten. De meeste gels bevatten tussen de twintig en veertig gram per zakje. Fabrikanten gebruiken verschillende soorten suikers, en dat is geen toeval. Je darm neemt glucose op via een ander transportsysteem dan fructose. Het glucosesysteem raakt verzadigd bij ongeveer zestig gram per uur. Door glucose en fructose te combineren, vaak in een verhouding van twee op één of één op nul komma acht, kun je tot negentig gram of meer per uur opnemen. Dat is vooral interessant bij inspanningen die langer dan twee uur duren.</p>
<ul>
<li><strong>Maltodextrine</strong> is een keten van glucosemoleculen. Het smaakt minder zoet dan suiker en wordt snel afgebroken tot glucose.</li>
<li><strong>Dextrose</strong> is zuivere glucose en komt direct in het bloed terecht.</li>
<li><strong>Fructose</strong> is vruchtensuiker, die via een eigen route wordt opgenomen en in de lever wordt omgezet.</li>
<li><strong>Isomaltulose</strong> is een langzamere suiker die geleidelijker energie geeft.</li>
</ul>
<h2>Water en de osmolaliteit</h2>
<p>Hoe geconcentreerd een gel is, bepaalt hoe snel de maag hem doorlaat. Een zeer geconcentreerde gel trekt eerst water naar de darm, wat bij sommige sporters buikpijn geeft. Daarom moet je bij veel gels water drinken. Isotone gels bevatten al zoveel water dat je ze zonder extra drinken kunt nemen. Ze zijn wel groter en zwaarder. Gels op basis van hydrogel, zoals die van Maurten, gebruiken vezels uit zeewier en pectine. In de maag vormt de gel een soort bolletje dat de koolhydraten beschermt, waardoor ze ook in hoge doseringen goed verdragen worden.</p>
<h2>Elektrolyten</h2>
<p>Tijdens het zweten verlies je vooral natrium en in mindere mate kalium, magnesium en calcium. Veel gels voegen natrium toe, meestal tussen de vijftig en tweehonderd milligram per zakje. Dat helpt bij het vasthouden van vocht en verbetert de smaak. Bij lange inspanningen in de warmte is het verstandig om daarnaast een sportdrank of elektrolytentabletten te gebruiken, want een gel alleen vult je zoutverlies niet aan.</p>
<h2>Cafeïne</h2>
<p>Cafeïne is een van de best onderzochte prestatiebevorderende middelen die gewoon legaal zijn. Een dosis van drie milligram per kilo lichaamsgewicht verbetert het uithoudingsvermogen en verlaagt de waargenomen inspanning. Cafeïnegels bevatten meestal vijfenzeventig tot honderd milligram, ongeveer zoveel als een kop koffie. Let op dat je het effect na ongeveer een half uur tot drie kwartier merkt, en dat te veel cafeïne kan leiden tot hartkloppingen, maagklachten of slecht slapen na een avondtraining.</p>
<h2>Zuurteregelaars, conserveermiddelen en smaak</h2>
<p>Om een gel houdbaar en lekker te maken, voegen fabrikanten een aantal hulpstoffen toe. Citroenzuur zorgt voor een frisse smaak en werkt als zuurteregelaar. Kaliumsorbaat en natriumbenzoaat voorkomen schimmelgroei. Natuurlijke aroma's en vruchtensappen geven de smaak. Geleermiddelen zoals gellangom of xanthaangom bepalen de dikte. Sommige sporters vinden een dikke gel prettig omdat hij vult, anderen kiezen juist voor een dunne, vloeibare gel die makkelijk wegglijdt.</p>
<h2>Waar let je op bij het kiezen?</h2>
<ul>
<li>Kijk naar het aantal gram koolhydraten per zakje en reken uit hoeveel gels je per uur nodig hebt.</li>
<li>Controleer of je er water bij moet drinken of dat de gel isotoon is.</li>
<li>Check de allergenen: de meeste gels zijn glutenvrij en vegan, maar niet allemaal.</li>
<li>Wees voorzichtig met cafeïne als je er gevoelig voor bent of 's avonds traint.</li>
<li>Kies een smaak die je ook na drie uur nog lekker vindt; zoete smaken gaan op den duur tegenstaan.</li>
</ul>
<h2>Tot slot</h2>
<p>Een energiegel is in de kern eenvoudig: suikers, water en een beetje zout. Toch maken de verhouding tussen glucose en fructose, de concentratie en de toevoegingen een groot verschil voor hoe je je onderweg voelt. Probeer verschillende merken uit tijdens je trainingen en houd bij wat je goed verdraagt. Zo weet je op de dag van je wedstrijd of tocht precies welke gel je in je achterzak stopt.</p>
`.trim();

export const BLOG_SEEDS: readonly BlogSeed[] = [
  {
    slug: "sportvoeding-kwart-triathlon",
    title: "Sportvoeding tijdens een kwart triathlon: zo pak je het aan",
    excerpt:
      "Wat eet en drink je voor, tijdens en na een kwart triathlon? Een praktisch voedingsplan van ontbijt tot finish.",
    publishedOn: "2026-04-18",
    author: "Sanne de Vries",
    thumbnail: "/media/blog/sportvoeding-kwart-triathlon-thumb.svg",
    featuredImage: "/media/blog/sportvoeding-kwart-triathlon-hero.svg",
    contentHtml: TRIATHLON_HTML,
  },
  {
    slug: "energy-gels-ingredienten",
    title: "Wat zit er in een energiegel? De ingrediënten uitgelegd",
    excerpt:
      "Maltodextrine, fructose, cafeïne en elektrolyten: we leggen uit wat de ingrediënten in een energiegel doen en waar je op let.",
    publishedOn: "2026-05-09",
    author: "Joris Bakker",
    thumbnail: "/media/blog/energy-gels-ingredienten-thumb.svg",
    featuredImage: "/media/blog/energy-gels-ingredienten-hero.svg",
    contentHtml: GELS_HTML,
  },
];

export type QuizSeed = { position: number; statement: string; isTrue: boolean; explanation: string };

export const QUIZ_SEEDS: readonly QuizSeed[] = [
  {
    position: 1,
    statement:
      "Tijdens een inspanning van meer dan twee uur kun je meer koolhydraten opnemen als je glucose en fructose combineert.",
    isTrue: true,
    explanation:
      "Glucose en fructose worden via verschillende transporteiwitten in de darm opgenomen. Samen kun je tot ongeveer 90 gram per uur verwerken, met alleen glucose rond de 60 gram.",
  },
  {
    position: 2,
    statement: "Een energiegel moet je altijd met veel water innemen, anders werkt hij niet.",
    isTrue: false,
    explanation:
      "Bij geconcentreerde gels is wat water verstandig voor je maag, maar isotone gels bevatten al genoeg vocht. Ze werken ook zonder extra drinken.",
  },
  {
    position: 3,
    statement: "Cafeïne kan je uithoudingsvermogen verbeteren.",
    isTrue: true,
    explanation:
      "Ongeveer 3 mg cafeïne per kilo lichaamsgewicht verlaagt de ervaren inspanning en verbetert de prestatie bij duursport. Het effect begint na 30 tot 45 minuten.",
  },
  {
    position: 4,
    statement: "Hoe meer water je drinkt tijdens een lange rit, hoe beter.",
    isTrue: false,
    explanation:
      "Te veel water zonder zout kan je natriumgehalte gevaarlijk verlagen (hyponatriëmie). Drink naar dorst en gebruik elektrolyten bij lange of warme inspanningen.",
  },
  {
    position: 5,
    statement: "Na een zware training helpt een combinatie van koolhydraten en eiwit bij het herstel.",
    isTrue: true,
    explanation:
      "Koolhydraten vullen je glycogeenvoorraad aan en eiwit ondersteunt het spierherstel. Een verhouding van ongeveer 3:1 is een goed uitgangspunt.",
  },
  {
    position: 6,
    statement: "Voor een training van een uur op rustig tempo heb je altijd een energiegel nodig.",
    isTrue: false,
    explanation:
      "Je glycogeenvoorraad is ruim genoeg voor een uur rustig trainen. Water is dan voldoende; sportvoeding wordt belangrijk bij langere of intensievere inspanning.",
  },
  {
    position: 7,
    statement: "Je kunt je darmen trainen om tijdens het sporten meer koolhydraten te verdragen.",
    isTrue: true,
    explanation:
      "Door op training regelmatig te eten en drinken, went je maag-darmstelsel eraan. Zo voorkom je buikklachten op de wedstrijddag. Test nieuwe producten dus altijd eerst op training.",
  },
];
