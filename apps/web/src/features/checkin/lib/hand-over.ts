// Add-ons at the door (decision 134): how a line reads, what is left of it, and a hand-over's result written back
// into the shown answer and the stored ticket list (so a later scan, even offline, shows it handed over).
import type { DoorAddOn, HandOverSyncAnswer, OfflineList } from '@marquee/shared';

/** What of a door answer (online or judged here) the hand-over reads. */
interface WithAddOns {
  result: string;
  ticket: { add_ons?: DoorAddOn[] | undefined } | null;
}

export const leftOf = (line: DoorAddOn) => Math.max(0, line.quantity - line.handed_over);

/** "2 × T-shirt — 1 handed over", "1 × Parking — handed over", "2 × T-shirt". */
export function lineText(line: DoorAddOn): string {
  const bought = `${line.quantity} × ${line.name}`;
  if (line.handed_over === 0) return bought;
  if (leftOf(line) === 0) return `${bought} — ${line.quantity === 1 ? 'handed over' : 'all handed over'}`;
  return `${bought} — ${line.handed_over} handed over`;
}

/** The add-ons the door offers to hand over: an admitted or already admitted holder's order's lines. */
export function addOnsToHandOver(answer: WithAddOns | null): DoorAddOn[] {
  if (!answer?.ticket?.add_ons?.length) return [];
  return answer.result === 'admitted' || answer.result === 'already_checked_in' ? answer.ticket.add_ons : [];
}

/** The answer with `line` as the server now has it. */
export function withLine<T extends WithAddOns>(answer: T, line: DoorAddOn): T {
  if (!answer.ticket?.add_ons) return answer;
  const add_ons = answer.ticket.add_ons.map((each) => (each.id === line.id ? line : each));
  return { ...answer, ticket: { ...answer.ticket, add_ons } };
}

/** Writes `line` into the stored list, in place; false when the list does not hold it. */
export function markHandedOver(list: OfflineList, line: DoorAddOn): boolean {
  for (const lines of Object.values(list.add_ons ?? {}))
    for (const entry of lines)
      if (entry[0] === line.id) {
        entry[3] = line.handed_over;
        return true;
      }
  return false;
}

/** The line as the stored list has it (null when the list does not hold it: another event's, or not paid). */
export function lineInList(list: OfflineList | null, lineId: string): DoorAddOn | null {
  for (const lines of Object.values(list?.add_ons ?? {}))
    for (const [id, name, quantity, handed_over] of lines)
      if (id === lineId) return { id, name, quantity, handed_over };
  return null;
}

/** Adds hand-overs queued here and not yet synced to a freshly downloaded list, in place. */
export function markPending(list: OfflineList, queued: Array<{ line_id: string; quantity: number }>) {
  for (const handed of queued)
    for (const lines of Object.values(list.add_ons ?? {}))
      for (const line of lines) if (line[0] === handed.line_id) line[3] = Math.min(line[2], line[3] + handed.quantity);
}

/** What the door is told after queued hand-overs synced: how many, and each one refused with its reason. */
export function handOverSyncNote(results: HandOverSyncAnswer['results'], names: Map<string, string>): string {
  const refused = results.filter((result) => result.refused !== null);
  const count = `Synced ${results.length} offline ${results.length === 1 ? 'hand-over' : 'hand-overs'}`;
  if (refused.length === 0) return count;
  const reasons = refused.map((result) => `${names.get(result.client_id) ?? 'An add-on'}: ${result.refused}`);
  return `${count}, ${refused.length} refused by the server (${reasons.join('; ')})`;
}
