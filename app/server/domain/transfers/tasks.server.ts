import { parseJsonList } from "../../db/json-columns.server";
import type { TransferRow } from "../../db/schema.server";
import type { RunningTask } from "~/lib/transfer";

/** The transfer's background tasks (`running_tasks`, a JSON list) with one more, stored as it is stored. */
export function tasksWith(row: Pick<TransferRow, "running_tasks">, task: RunningTask): string {
  const tasks = parseJsonList(row.running_tasks);
  return JSON.stringify(tasks.includes(task) ? tasks : [...tasks, task]);
}

/** The transfer's background tasks without this one. */
export function tasksWithout(row: Pick<TransferRow, "running_tasks">, task: RunningTask): string {
  return JSON.stringify(parseJsonList(row.running_tasks).filter((t) => t !== task));
}
