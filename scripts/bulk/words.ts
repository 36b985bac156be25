// Swedish word lists: names, blocks and places, streets, the regions' cities and their prices, broker firms.

/** A word list written as comma-separated text, which the formatter leaves on a few lines. */
function words(text: string): readonly string[] {
  return text
    .split(",")
    .map((w) => w.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

export const MALE_NAMES = words(`
  Lars, Anders, Johan, Per, Erik, Karl, Mikael, Peter, Jan, Hans, Fredrik, Daniel, Magnus, Stefan,
  Mattias, Oskar, Gustav, Axel, Viktor, Emil, Henrik, Niklas, Björn, Olof, Göran, Sven, Åke, Ulf,
  Kristoffer, Jonas, Filip, Ludvig, Hugo, Elias, Ali, Mohammed, Ahmad, Tobias, Martin, Sebastian
`);
export const FEMALE_NAMES = words(`
  Anna, Eva, Maria, Karin, Kristina, Lena, Sara, Emma, Ingrid, Malin, Jenny, Linnéa, Elin, Sofia,
  Johanna, Ida, Hanna, Matilda, Ebba, Astrid, Maja, Klara, Frida, Camilla, Annika, Helena, Birgitta,
  Margareta, Ulla, Louise, Amira, Fatima, Leila, Josefin, Therese, Agnes, Alva, Wilma, Saga, Åsa
`);
export const LAST_NAMES = words(`
  Andersson, Johansson, Karlsson, Nilsson, Eriksson, Larsson, Olsson, Persson, Svensson, Gustafsson,
  Pettersson, Jonsson, Jansson, Hansson, Bengtsson, Jönsson, Lindberg, Jakobsson, Magnusson, Olofsson,
  Lindström, Lindqvist, Lindgren, Berg, Axelsson, Bergström, Lundberg, Lind, Lundgren, Lundqvist,
  Mattsson, Berglund, Fredriksson, Sandberg, Henriksson, Forsberg, Sjöberg, Wallin, Engström, Eklund,
  Danielsson, Lundin, Håkansson, Björk, Bergman, Gunnarsson, Holm, Wikström, Samuelsson, Isaksson,
  Fransson, Bergqvist, Nyström, Holmberg, Arvidsson, Löfgren, Söderberg, Nyberg, Blomqvist, Claesson,
  Nordström, Mårtensson, Lundström, Åberg, Ek, Haddad, Yusuf, Karimi, Öberg, Strand
`);

// Old block names take a number ("Eken 4"); the others stand alone ("Sjöbris").
export const BLOCK_NAMES = words(`
  Eken, Björken, Tallen, Granen, Linden, Almen, Lönnen, Rönnen, Aspen, Hasseln, Kastanjen, Syrenen,
  Vallmon, Klövern, Blåklinten, Smeden, Bagaren, Skräddaren, Mjölnaren, Garvaren, Svalan, Tranan,
  Hägern, Falken, Örnen, Duvan, Ugglan, Korpen, Domherren, Sparven, Vipan, Väduren, Oxen, Hjorten,
  Räven, Bävern, Uttern, Lodjuret, Gäddan, Abborren, Laxen, Ankaret, Roddaren, Seglet, Fyren,
  Kompassen, Murmästaren, Krukmakaren, Timmermannen, Sadelmakaren, Vagnmakaren, Boktryckaren,
  Glasmästaren, Repslagaren, Tunnbindaren, Hammaren, Städet, Mejseln, Lyran, Harpan, Pelikanen,
  Flamingon, Lärkträdet, Idegranen, Järnet, Kopparn, Silvret, Guldet, Tegelbruket, Ölandet, Gotland,
  Jupiter, Saturnus, Merkurius, Orion, Vintergatan, Månskenet
`);
export const PLACE_NAMES = words(`
  Sjöbris, Solsidan, Utsikten, Bergshöjden, Ängsbacken, Lugnet, Strandhagen, Parkudden, Glasbruket,
  Kvarnbacken, Sjöstaden, Ekbacken, Björkhagen, Vasahöjden, Fyrmästaren, Stadsträdgården, Kronoparken,
  Allégården, Lindängen, Furuhöjden, Skogsbrynet, Hagalund, Norrsken, Morgonsol, Kvällssol,
  Havsutsikten, Älvstranden, Kajen, Slottsbacken, Kyrkbacken, Brunnsparken, Solrosen, Gullvivan,
  Blåsippan, Vitsippan, Lyktan, Tornet, Valnöten, Hamnkaptenen, Stenhagen, Ekudden, Granparken,
  Lövkojan, Rosendal, Söderljus, Västerport, Norrport, Österbo, Gläntan, Skeppsgården, Bryggeriet,
  Mälarstrand, Vattentornet, Tegelgården, Klippan, Blåbäret, Hjortronet, Lingonet, Vindrosen, Fjärden,
  Ljungen, Gransätet, Aspudden, Solbacken, Måsen, Tärnan
`);

export const STREETS = words(`
  Storgatan, Drottninggatan, Kungsgatan, Vasagatan, Sveavägen, Götgatan, Hornsgatan, Ringvägen,
  Skolgatan, Kyrkogatan, Parkvägen, Björkvägen, Tallvägen, Ekvägen, Granvägen, Lindvägen, Almvägen,
  Lönngatan, Sjövägen, Strandvägen, Järnvägsgatan, Nygatan, Östra Långgatan, Västra Hamngatan, Södra
  vägen, Norra Allén, Trädgårdsgatan, Fabriksgatan, Bruksgatan, Kvarngatan, Smedjegatan, Tegnérgatan,
  Linnégatan, Karlavägen, Odengatan, Folkungagatan, Bergsgatan, Klostergatan, Slottsgatan,
  Prästgårdsgatan, Ängsvägen, Solvägen, Backvägen, Hagagatan, Rosenlundsgatan, Åsögatan,
  Industrigatan, Stationsgatan, Torggatan, Hantverkargatan, Fridhemsgatan, Vikingagatan,
  Runebergsgatan, Sturegatan, Valhallavägen, Sibyllegatan, Ekelundsvägen, Mossvägen, Lärkstigen,
  Blåklockevägen, Kaptensgatan, Skeppargatan, Mästargatan, Kopparslagargatan, Rönnbärsvägen
`);

export interface City {
  name: string;
  /** First three digits of the postal codes in use. */
  postalPrefixes: readonly number[];
  /** Kronor per square metre, low and high. */
  pricePerSqm: readonly [number, number];
  weight: number;
}

export const REGIONS: Record<string, readonly City[]> = {
  stockholm: [
    {
      name: "Stockholm",
      postalPrefixes: [112, 113, 114, 115, 116, 117, 118, 120, 121, 124, 126, 129],
      pricePerSqm: [62_000, 115_000],
      weight: 6,
    },
    { name: "Solna", postalPrefixes: [169, 170, 171], pricePerSqm: [52_000, 85_000], weight: 1.5 },
    { name: "Sundbyberg", postalPrefixes: [172, 174], pricePerSqm: [50_000, 80_000], weight: 1 },
    { name: "Nacka", postalPrefixes: [131, 132], pricePerSqm: [42_000, 70_000], weight: 1 },
    { name: "Täby", postalPrefixes: [183, 187], pricePerSqm: [38_000, 60_000], weight: 0.8 },
    { name: "Huddinge", postalPrefixes: [141], pricePerSqm: [30_000, 48_000], weight: 0.8 },
  ],
  gothenburg: [
    {
      name: "Göteborg",
      postalPrefixes: [411, 412, 413, 414, 415, 416, 417, 418, 421, 422, 424],
      pricePerSqm: [40_000, 72_000],
      weight: 6,
    },
    { name: "Mölndal", postalPrefixes: [431], pricePerSqm: [32_000, 50_000], weight: 1.2 },
    { name: "Partille", postalPrefixes: [433], pricePerSqm: [30_000, 46_000], weight: 0.8 },
    { name: "Kungsbacka", postalPrefixes: [434], pricePerSqm: [28_000, 45_000], weight: 0.8 },
    { name: "Borås", postalPrefixes: [503, 504, 506], pricePerSqm: [15_000, 30_000], weight: 1 },
  ],
  national: [
    { name: "Uppsala", postalPrefixes: [752, 753, 754, 756], pricePerSqm: [34_000, 55_000], weight: 3 },
    { name: "Västerås", postalPrefixes: [722, 723, 724], pricePerSqm: [20_000, 36_000], weight: 2 },
    { name: "Örebro", postalPrefixes: [702, 703], pricePerSqm: [20_000, 34_000], weight: 2 },
    { name: "Linköping", postalPrefixes: [582, 583, 584], pricePerSqm: [22_000, 38_000], weight: 2 },
    { name: "Norrköping", postalPrefixes: [602, 603], pricePerSqm: [17_000, 30_000], weight: 1.5 },
    { name: "Umeå", postalPrefixes: [903, 904, 907], pricePerSqm: [22_000, 36_000], weight: 1 },
  ],
};
export const TENANT_REGIONS: Record<string, keyof typeof REGIONS> = {
  stadsbo: "stockholm",
  nordhem: "gothenburg",
  kvarnstaden: "national",
};

export const BROKER_FIRMS = [
  "Hemfönster Mäkleri",
  "Nordljus Fastighetsbyrå",
  "Kvarterets Mäklare",
  "Stadsmäklarna",
  "Bofinken Fastighetsförmedling",
  "Trygga Hem Mäkleri",
  "Ekdahl & Berg Fastighetsbyrå",
  "Mäklargården",
  "Sjöstadens Mäkleri",
  "Tegelbruket Fastighetsförmedling",
] as const;
export const EMAIL_DOMAINS = ["example.com", "example.net", "example.org"] as const;
