import { PRIVATE_REVIEW, type TransferInput } from "../builder/inputs.server";
import { demoPerson, f, m } from "../people.server";

/** Private transfers: demo users who sell their own flat without a broker (PrivateIntermediary). */
export function privateTransfers(): TransferInput[] {
  return [
    // ---- Karin Lindqvist (a board member) sells flats of her own in Stadsbo's associations
    {
      id: "t-solglantan-karin-private",
      object: "solglantan:1202",
      type: "Purchase",
      initiator: "PrivateIntermediary",
      status: "MembershipApproved",
      path: [...PRIVATE_REVIEW, ["sendToMembershipReview", "158d 10:30"], "approveMembership"],
      created: "175d 20:15",
      updated: "150d 13:00",
      createdBy: "user-karin",
      price: 2_780_000,
      contract: -176,
      entry: -120,
      transferors: [{ who: demoPerson("user-karin"), owner: "1/1", share: "1/1" }],
      acquirers: [{ who: m("Albin", "Hedström", "1999-01-14", 46), share: "1/1" }],
      decision: { value: "Approved", at: "150d 13:00", by: "user-maria", device: "ThisDevice" },
      messages: [
        {
          from: "private",
          to: "PropertyManager",
          at: "165d 19:30",
          body: "Hej! Jag har laddat upp köpekontraktet och köparens medlemsansökan. Hör gärna av er om något saknas.",
          replies: [{ from: "user-maria", at: "164d 09:10", body: "Tack Karin, handlingarna är kompletta." }],
          resolved: { by: "user-maria", at: "164d 09:11" },
        },
      ],
    },
    {
      id: "t-vasaparken-karin-private",
      object: "vasaparken:1102",
      type: "Gift",
      initiator: "PrivateIntermediary",
      status: "DraftTransfer",
      path: ["createPrivateTransfer"],
      created: "2d 21:10",
      updated: "2d 21:10",
      createdBy: "user-karin",
      contract: -2,
      entry: 30,
      transferors: [{ who: demoPerson("user-karin"), owner: "1/2", share: "1/2" }],
      acquirers: [{ who: m("Jakob", "Lindqvist", "1996-10-01", 49), share: "1/2" }],
      documents: "agreement",
    },

    // ---- Elin Sandberg (a private person) sells hers in Nordhem's associations
    {
      id: "t-larkan-elin-private",
      object: "larkan:1201",
      type: "Purchase",
      initiator: "PrivateIntermediary",
      status: "TransferReviewInProgress",
      path: PRIVATE_REVIEW,
      created: "6d 20:40",
      updated: "4d 08:10",
      createdBy: "user-elin",
      price: 2_875_000,
      contract: -7,
      entry: 39,
      transferors: [{ who: demoPerson("user-elin"), owner: "1/1", share: "1/1" }],
      acquirers: [
        { who: f("Ronja", "Vik", "1995-07-07", 87), share: "1/2" },
        { who: m("Anton", "Vik", "1994-04-17", 88), share: "1/2" },
      ],
      messages: [
        {
          from: "user-anders",
          to: "PrivateIntermediary",
          at: "3d 14:00",
          body: "Hej Elin! Vi har tagit emot ansökan och granskar den. Du hör av oss om något behöver kompletteras.",
          replies: [
            {
              from: "private",
              at: "3d 18:22",
              body: "Tack! Köparna undrar när styrelsen har sitt nästa möte.",
            },
          ],
        },
      ],
    },
    {
      id: "t-masen-elin-aborted",
      object: "masen:1301",
      type: "Purchase",
      initiator: "PrivateIntermediary",
      status: "Aborted",
      path: ["createPrivateTransfer", "abort", "completeAbort"],
      created: "38d 19:30",
      updated: "30d 09:00",
      createdBy: "user-elin",
      transferors: [{ who: demoPerson("user-elin"), owner: "1/1", share: "1/1" }],
      documents: "none",
      messages: [
        {
          from: "private",
          to: "PropertyManager",
          at: "31d 20:15",
          body: "Jag skapade överlåtelsen på fel lägenhet, den ska gälla Linnégatan. Kan ni avbryta den här?",
          replies: [{ from: "user-anders", at: "30d 08:55", body: "Absolut, jag avbryter ärendet." }],
          resolved: { by: "user-anders", at: "30d 08:56" },
        },
      ],
    },
  ];
}
