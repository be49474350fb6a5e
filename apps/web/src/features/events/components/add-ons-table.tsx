// The event's add-ons as a table (decision 134): name, price, stock ('sold / stock' or 'sold (no limit)'), held and
// handed over, with Edit and Delete while the event can change. A row per add-on from 640 px; on a phone each row
// is a small card whose cells carry their column's name. Delete asks first, in a row under the add-on.
import type { ReactNode } from 'react';
import { formatMoney, type AddOnDto, type CurrencyCode } from '@marquee/shared';
import { Button } from '../../../components/ui/button';
import { addOnSoldOut, addOnStockText } from '../lib/add-on-form';

const COLUMNS = ['Add-on', 'Price', 'Sold / stock', 'Held', 'Handed over'] as const;
const count = (value: number) => value.toLocaleString('en-GB');

/** A cell; on a phone it shows its column's name above its value (`label`), and `wide` spans the card. */
function Cell({ label, wide = false, children }: { label?: string; wide?: boolean; children: ReactNode }) {
  return (
    <td
      data-label={label}
      className={`py-3 pr-3 align-top max-sm:py-0 max-sm:pr-0 ${wide ? 'max-sm:col-span-2' : ''} ${
        label
          ? 'max-sm:before:text-muted-foreground max-sm:before:block max-sm:before:font-mono max-sm:before:text-[11px] max-sm:before:font-semibold max-sm:before:tracking-wider max-sm:before:uppercase max-sm:before:content-[attr(data-label)]'
          : ''
      }`}
    >
      {children}
    </td>
  );
}

export interface AddOnRowActions {
  editable: boolean;
  confirming: string | null;
  deleting: boolean;
  onEdit(item: AddOnDto): void;
  onAskDelete(item: AddOnDto | null): void;
  onDelete(item: AddOnDto): void;
}

function AddOnRow({ item, currency, actions }: { item: AddOnDto; currency: CurrencyCode; actions: AddOnRowActions }) {
  return (
    <>
      <tr className="border-border border-t max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:gap-y-2 max-sm:py-3">
        <Cell wide>
          <span className="text-foreground font-semibold [overflow-wrap:anywhere]">{item.name}</span>
          {addOnSoldOut(item) ? (
            <span className="bg-muted text-muted-foreground ml-2 inline-flex h-5 items-center rounded px-1.5 font-mono text-[10px] font-bold tracking-wider uppercase">
              Sold out
            </span>
          ) : null}
          {item.description ? (
            <span className="text-muted-foreground block text-xs [overflow-wrap:anywhere]">{item.description}</span>
          ) : null}
        </Cell>
        <Cell label="Price">
          <span className="whitespace-nowrap tabular-nums">
            {item.price_minor === 0 ? 'Free' : formatMoney(item.price_minor, currency)}
          </span>
        </Cell>
        <Cell label="Sold / stock">
          <span className="whitespace-nowrap tabular-nums">{addOnStockText(item)}</span>
        </Cell>
        <Cell label="Held">
          <span className="tabular-nums">{count(item.held)}</span>
        </Cell>
        <Cell label="Handed over">
          <span className="tabular-nums">{count(item.handed_over)}</span>
        </Cell>
        <Cell wide>
          {actions.editable ? (
            <div className="flex flex-wrap justify-end gap-2 max-sm:justify-start">
              <Button
                size="xs"
                variant="secondary"
                onClick={() => actions.onEdit(item)}
                aria-label={`Edit ${item.name}`}
              >
                Edit
              </Button>
              <Button
                size="xs"
                variant="secondary"
                onClick={() => actions.onAskDelete(item)}
                aria-label={`Delete ${item.name}`}
              >
                Delete
              </Button>
            </div>
          ) : null}
        </Cell>
      </tr>
      {actions.confirming === item.id ? (
        <tr className="max-sm:block">
          <td colSpan={COLUMNS.length + 1} className="pb-3 max-sm:block">
            <div
              role="group"
              aria-label={`Delete ${item.name}?`}
              className="border-border flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2"
            >
              <p className="text-foreground text-sm">Delete {item.name}? Fans can no longer buy it.</p>
              <div className="flex gap-2">
                <Button size="xs" variant="secondary" onClick={() => actions.onAskDelete(null)}>
                  Keep
                </Button>
                <Button size="xs" onClick={() => actions.onDelete(item)} disabled={actions.deleting}>
                  {actions.deleting ? 'Deleting...' : 'Delete'}
                </Button>
              </div>
            </div>
          </td>
        </tr>
      ) : null}
    </>
  );
}

export function AddOnsTable({
  addOns,
  currency,
  actions,
}: {
  addOns: AddOnDto[];
  currency: CurrencyCode;
  actions: AddOnRowActions;
}) {
  return (
    <div className="sm:overflow-x-auto">
      <table className="text-muted-foreground w-full text-left text-sm sm:min-w-[560px]">
        <caption className="sr-only">Add-ons with their price, stock, held and handed over</caption>
        <thead className="max-sm:sr-only">
          <tr className="font-mono text-[11px] tracking-wider uppercase">
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="pr-3 pb-2 font-semibold">
                {column}
              </th>
            ))}
            <th scope="col" className="pb-2 font-semibold">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {addOns.map((item) => (
            <AddOnRow key={item.id} item={item} currency={currency} actions={actions} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
