/**
 * One co-worker's presence on a transfer (spec 01 §3 "Transfer activity event"), as the live channel sends it and
 * the presence island keeps it.
 */
export interface TransferActivityEvent {
  id: string;
  userId: string;
  transferId: string;
  firstName: string;
  lastName: string;
  /** ISO 8601. */
  updatedAt: string;
}
