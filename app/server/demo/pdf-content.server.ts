import { formatOrganisationsnummer } from "~/lib/organisationsnummer";
import type { DocumentCategory } from "~/lib/transfer";
import type { SeedObject } from "./associations.server";
import type { Clock } from "./builder/clock.server";
import type { PartyInput, TransferInput } from "./builder/inputs.server";
import { displayIdentifier, fullName, names, type Person } from "./people.server";

/** What the demo's PDFs say: the text of each kind of document, for one transfer (makePdf lays it out). */

export interface PdfContext {
  transfer: TransferInput;
  object: SeedObject;
  clock: Clock;
  transferors: Person[];
  acquirers: PartyInput[];
  /** YYYY-MM-DD the document was signed or written. */
  signedOn: string;
}

export const kronor = (amount: number) => `${amount.toLocaleString("sv-SE").replace(/\u00a0/g, " ")} kr`;

export function pdfFor(
  category: DocumentCategory,
  ctx: PdfContext,
  extra: { person?: Person; guarantors?: Person[]; line?: string },
) {
  const { transfer, object, clock } = ctx;
  const a = object.association;
  const head = [
    `Bostadsrättsförening: ${a.name}, org.nr ${formatOrganisationsnummer(a.organisationNumber)}`,
    `Lägenhet: ${object.description}, objektsnummer ${object.objectNumber}`,
    `Adress: ${object.street}, ${a.postal} ${a.city}`,
    "",
  ];
  const contract = transfer.contract !== undefined ? clock.date(transfer.contract) : "";
  const entry = transfer.entry !== undefined ? clock.date(transfer.entry) : "";
  const parties = (label: string, people: Person[]) =>
    people.map((p) => `${label}: ${fullName(p)}, ${displayIdentifier(p)}`);
  const sign = (people: Person[]) => [
    "",
    `Ort och datum: ${a.city}, ${ctx.signedOn}`,
    ...people.map((p) => `Underskrift: ${fullName(p)}`),
  ];
  const acquirerPeople = ctx.acquirers.map((p) => p.who);
  switch (category) {
    case "MembershipApplication": {
      const applicant = extra.person ?? acquirerPeople[0]!;
      const share = ctx.acquirers.find((p) => p.who === applicant)?.share ?? "1/1";
      const home = acquirerPeople.find((p) => p.last === applicant.last) ?? applicant;
      return {
        title: "Ansökan om medlemskap",
        lines: [
          ...head,
          `Sökande: ${fullName(applicant)}, ${displayIdentifier(applicant)}`,
          `Nuvarande adress: ${home.street}, ${home.postal} ${home.city}`,
          `Telefon: ${applicant.phone ?? "-"}, e-post: ${applicant.email ?? "-"}`,
          `Andel som förvärvas: ${share}`,
          `Tillträdesdag: ${entry}`,
          "",
          "Jag ansöker härmed om medlemskap i föreningen och försäkrar att lämnade uppgifter är riktiga.",
          "Jag är medveten om att föreningen kan komma att ta en kreditupplysning på mig.",
          ...sign([applicant]),
        ],
      };
    }
    case "TransferAgreement":
      return {
        title: "Överlåtelseavtal bostadsrätt",
        lines: [
          ...head,
          ...parties("Säljare", ctx.transferors),
          ...parties("Köpare", acquirerPeople),
          "",
          `Köpeskilling: ${kronor(transfer.price ?? 0)}. Handpenning om 10 % erläggs vid avtalets undertecknande.`,
          `Tillträdesdag: ${entry}. Resterande köpeskilling erläggs på tillträdesdagen.`,
          "Köparen har beretts tillfälle att besiktiga lägenheten och godtar dess skick.",
          "Avtalet gäller under förutsättning att köparen beviljas medlemskap i föreningen.",
          ...sign([...ctx.transferors, ...acquirerPeople]),
        ],
      };
    case "DeedOfGift":
      return {
        title: "Gåvobrev",
        lines: [
          ...head,
          ...parties("Givare", ctx.transferors),
          ...parties("Gåvotagare", acquirerPeople),
          "",
          `Givaren överlåter som gåva sin andel ${transfer.transferors[0]?.share ?? "1/1"} av bostadsrätten.`,
          "Gåvan ska vara mottagarens enskilda egendom. Gåvotagaren övertar ansvaret för årsavgiften från tillträdet.",
          `Tillträdesdag: ${entry}`,
          ...sign([...ctx.transferors, ...acquirerPeople]),
        ],
      };
    case "EstateInventory":
      return {
        title: "Bouppteckning",
        lines: [
          ...head,
          ...parties("Den avlidne", ctx.transferors),
          ...parties("Dödsbodelägare", acquirerPeople),
          "",
          `Tillgångar: bostadsrätt i ${a.name}, ${object.description}.`,
          "Bouppteckningen är registrerad hos Skatteverket.",
          ...sign(acquirerPeople.slice(0, 1)),
        ],
      };
    case "EstateDistribution":
      return {
        title: "Arvskifteshandling",
        lines: [
          ...head,
          ...parties("Dödsbo", ctx.transferors),
          ...ctx.acquirers.map(
            (p) => `Arvinge: ${fullName(p.who)}, ${displayIdentifier(p.who)}, erhåller andel ${p.share}`,
          ),
          "",
          "Dödsbodelägarna är överens om att bostadsrätten fördelas enligt ovan.",
          ...sign(acquirerPeople),
        ],
      };
    case "DivisionOfPropertyAgreement":
      return {
        title: "Bodelningsavtal",
        lines: [
          ...head,
          ...parties("Make/maka", [...ctx.transferors, ...acquirerPeople]),
          "",
          `Vid bodelningen tillfaller ${names(ctx.transferors)}s andel ${transfer.transferors[0]?.share ?? "1/2"} av bostadsrätten ${names(acquirerPeople)}.`,
          "Parterna har inga ytterligare anspråk på varandra avseende bostadsrätten.",
          ...sign([...ctx.transferors, ...acquirerPeople]),
        ],
      };
    case "PersonalGuarantee":
      return {
        title: "Borgensförbindelse",
        lines: [
          ...head,
          ...(extra.person
            ? [`Borgen avser: ${fullName(extra.person)}, ${displayIdentifier(extra.person)}`]
            : []),
          ...parties("Borgensman", extra.guarantors ?? []),
          "",
          "Undertecknad går härmed i borgen såsom för egen skuld för bostadsrättshavarens förpliktelser mot föreningen.",
          "Borgensåtagandet gäller i fem år från tillträdesdagen.",
          ...sign(extra.guarantors ?? []),
        ],
      };
    case "AdditionalAgreement":
      return {
        title: "Tilläggsavtal till överlåtelseavtal",
        lines: [
          ...head,
          ...parties("Säljare", ctx.transferors),
          ...parties("Köpare", acquirerPeople),
          "",
          extra.line ?? "Parterna är överens om följande ändring av överlåtelseavtalet.",
          "I övrigt gäller överlåtelseavtalet oförändrat.",
          ...sign([...ctx.transferors, ...acquirerPeople]),
        ],
      };
    case "MembershipDecision":
      return {
        title: `Protokollsutdrag, styrelsemöte i ${a.name}`,
        lines: [
          ...head,
          "§ 6 Medlemsansökan",
          ...parties("Sökande", acquirerPeople),
          "",
          extra.line ?? "",
          "",
          "Vid protokollet: styrelsens sekreterare",
          "Justeras: styrelsens ordförande",
        ],
      };
    case "TransferSummary":
      return {
        title: "Sammanställning av överlåtelse",
        lines: [
          ...head,
          ...parties("Överlåtare", ctx.transferors),
          ...ctx.acquirers.map(
            (p) => `Förvärvare: ${fullName(p.who)}, ${displayIdentifier(p.who)}, andel ${p.share}`,
          ),
          "",
          ...(transfer.price !== undefined ? [`Köpeskilling: ${kronor(transfer.price)}`] : []),
          `Avtalsdatum: ${contract}`,
          `Tillträdesdag: ${entry}`,
          ...(transfer.broker
            ? [`Förmedlare: ${transfer.broker.first} ${transfer.broker.last}, ${transfer.broker.office}`]
            : []),
        ],
      };
    case "Other":
      return {
        title: "Anställningsavtal och lönespecifikationer",
        lines: [
          ...head,
          ...(extra.person
            ? [`Arbetstagare: ${fullName(extra.person)}, ${displayIdentifier(extra.person)}`]
            : []),
          "Arbetsgivare: Hamnens Logistik AB",
          "Befattning: lagerarbetare, heltid",
          "Anställningsform: provanställning om sex månader",
          "Månadslön: 27 400 kr",
          "",
          "Bifogat: lönespecifikationer för de tre senaste månaderna.",
        ],
      };
  }
}
