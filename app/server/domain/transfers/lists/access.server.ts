import type { ListKind } from "~/lib/transfer-lists";
import type { Viewer } from "../facts.server";
import { boardAssociationsOf, isBoardMember } from "../../board.server";
import { isPrivateParty } from "../scope.server";

/**
 * Who may see which list, and the viewer narrowed to the one scope rule a list shows: a manager who also
 * sells privately sees only the tenant's transfers in the manager lists, a board member's list holds only
 * board transfers.
 */

export function canList(viewer: Viewer, kind: ListKind): boolean {
  switch (kind) {
    case "active":
    case "propertyManager":
    case "completed":
      return viewer.role === "PropertyManager";
    case "board":
      return isBoardMember(viewer);
    case "private":
      return isPrivateParty(viewer);
  }
}

/** The viewer reduced to the scope rule of one list; a viewer without that rule sees nothing. */
export function viewerForKind(viewer: Viewer, kind: ListKind): Viewer {
  const withoutExtras = viewer.features.filter((f) => f !== "board_member" && f !== "private_agreement");
  switch (kind) {
    case "active":
    case "propertyManager":
    case "completed":
      return { ...viewer, features: withoutExtras, boardAssociationIds: [] };
    case "board":
      return {
        ...viewer,
        role: "BoardMember",
        features: withoutExtras,
        boardAssociationIds: [...boardAssociationsOf(viewer)],
      };
    case "private":
      return {
        ...viewer,
        role: "BoardMember",
        features: isPrivateParty(viewer) ? ["private_agreement"] : [],
        boardAssociationIds: [],
      };
  }
}
