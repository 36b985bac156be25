import { json, redirect } from "@remix-run/node";
import { requireUser } from "../auth/guards.server";
import { requestContext } from "../context/request.server";
import { getDb } from "../db/db.server";
import type { Db } from "../db/kysely.server";
import type { Actor, UseCaseContext } from "../domain/core/context.server";
import type { Viewer } from "../domain/transfers/facts.server";
import {
  findScopedTransfer,
  isOwnPrivateTransfer,
  isPrivateParty,
  privatePartyViewer,
  viewerFor,
} from "../domain/transfers/scope.server";
import { getTransferForReview } from "../domain/review/views.server";
import type { User } from "../domain/users.server";
import { getT, svT } from "../platform/i18n.server";

/**
 * What a transfer's pages share on the server (spec 02 §2.1-2.3): the two sides that show a transfer, who may open
 * each, the transfer read through the side's scope, and the one not-found answer.
 *
 * - `review`, /transfers/{id}: property managers and board members, each through their whole scope. A user's own
 *   private transfer opens on the private side instead (there they act only as the private party).
 * - `private`, /transfers/private/{id}: the private party (BoardMember with private_agreement, the guard of the
 *   private list), scoped to the transfers they created privately and nothing else: not their boards'.
 */

export type ReviewSide = "review" | "private";

export interface ReviewPage {
  side: ReviewSide;
  user: User;
  db: Db;
  viewer: Viewer;
  /** Who acts in the side's use cases: its viewer, named. */
  actor: Actor;
  /** The use cases' context of this request, acting as `actor` (built when first read). */
  readonly context: UseCaseContext;
}

/** Where a transfer's page of this side is: `/transfers/{id}` or `/transfers/private/{id}`, then the tab. */
export function reviewPath(side: ReviewSide, transferId: string, tab?: string): string {
  const base = `/transfers/${side === "private" ? "private/" : ""}${encodeURIComponent(transferId)}`;
  return tab ? `${base}/${tab}` : base;
}

/** Missing and out of scope alike: `Överlåtelsen hittades inte` (404), thrown to the page's NotFoundBoundary. */
export function notFoundPage(): Response {
  return json({ title: svT()("review:notFoundTitle") }, { status: 404 });
}

/** The guard of a side's pages, the viewer its reads go through and the context its use cases run with. */
export async function reviewPage(request: Request, side: ReviewSide): Promise<ReviewPage> {
  const user =
    side === "private"
      ? await requireUser(request, { role: "BoardMember", feature: "private_agreement" })
      : await requireUser(request, {
          role: ["PropertyManager", "BoardMember"],
          redirectTo: "/noPermissions",
        });
  const db = getDb();
  const base = await viewerFor(db, user);
  const viewer = side === "private" ? privatePartyViewer(base) : base;
  const actor: Actor = { viewer, firstName: user.firstName, lastName: user.lastName };
  let context: UseCaseContext | undefined;
  return {
    side,
    user,
    db,
    viewer,
    actor,
    get context() {
      return (context ??= requestContext(actor));
    },
  };
}

/**
 * The transfer for review on this side, or the thrown not-found page. On the review side a private party's own
 * private transfer is answered with a redirect to the same tab of its private page.
 */
export async function reviewOf(page: ReviewPage, transferId: string, tab: string, now = new Date()) {
  const review = await getTransferForReview({ db: page.db, viewer: page.viewer, now, t: svT() }, transferId);
  if (!review) throw notFoundPage();
  if (
    page.side === "review" &&
    review.initiatorRole === "PrivateIntermediary" &&
    (await isOwnPrivateTransfer(page.db, page.viewer, transferId))
  ) {
    throw redirect(reviewPath("private", transferId, tab));
  }
  return review;
}

/** The private party's tabs (spec 02 §2.2: no analysis tab). */
const PRIVATE_TABS = ["overview", "documents", "additionals", "messages"] as const;

/** Where a side's tabs link, and which tabs it has (null: the review side's own, decided by the header). */
export function reviewNavigation(side: ReviewSide, transferId: string) {
  return { basePath: reviewPath(side, transferId), tabs: side === "private" ? [...PRIVATE_TABS] : null };
}

/** What every Översikt page shows: the transfer, the viewer's role for its status tag, and the tabs. */
export async function overviewOf(request: Request, page: ReviewPage, transferId: string, now = new Date()) {
  const t = await getT(request, "review");
  const review = await reviewOf(page, transferId, "overview", now);
  return {
    title: t("tabs.overview"),
    review,
    role: page.user.role,
    liveSince: now.getTime(),
    ...reviewNavigation(page.side, review.id),
  };
}

/**
 * Where a transfer's bare route leads (spec 02 §2.1-2.3): its overview on this side; on the review side a private
 * party's own private transfer opens its private page. Missing or out of scope: the thrown not-found page.
 */
export async function transferHome(page: ReviewPage, transferId: string): Promise<string> {
  const row = await findScopedTransfer(page.db, page.viewer, transferId);
  if (!row) throw notFoundPage();
  const ownPrivate =
    isPrivateParty(page.viewer) &&
    row.initiator_role === "PrivateIntermediary" &&
    row.created_by_user_id === page.viewer.id;
  return reviewPath(page.side === "private" || ownPrivate ? "private" : "review", row.id, "overview");
}
