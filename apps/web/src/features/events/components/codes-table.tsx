// The event's codes with their uses, paid orders and revenue, and their actions (export a batch as CSV,
// disable or enable). One table: a row per code from 640 px; on a phone each row is a small card whose
// cells carry their column's name (the header row is then read by screen readers only), so nothing is wider
// than the screen.
import type { ReactNode } from 'react';
import { formatMoney, type CodeDto, type EventDto } from '@marquee/shared';
import { Button, buttonClasses } from '../../../components/ui/button';
import { codeBatchExportUrl, useSetCodeDisabled } from '../api/codes';

const COLUMNS = ['Code', 'Does', 'Uses', 'Paid', 'Revenue'] as const;

function discountText(code: CodeDto, event: EventDto): string {
  if (code.kind === 'access') return 'Unlocks hidden types';
  if (code.discount_value === null) return '';
  return code.discount_kind === 'percent'
    ? `${code.discount_value}% off`
    : `${formatMoney(code.discount_value, event.currency)} off`;
}

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

function CodeRow({ code, event, editable }: { code: CodeDto; event: EventDto; editable: boolean }) {
  const toggle = useSetCodeDisabled(event.id);
  const name = code.batch_id ? `${code.label || 'Batch'} (${code.batch_size} single-use codes)` : code.code;
  return (
    <tr className="border-border border-t max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:gap-y-2 max-sm:py-3">
      <Cell wide>
        <span className="text-foreground font-mono font-semibold [overflow-wrap:anywhere]">{name}</span>
        {code.label && !code.batch_id ? (
          <span className="text-muted-foreground block text-xs">{code.label}</span>
        ) : null}
      </Cell>
      <Cell label="Does">
        <span className="whitespace-nowrap">{discountText(code, event) || '—'}</span>
      </Cell>
      <Cell label="Uses">
        <span className="whitespace-nowrap tabular-nums">
          {code.uses}
          {code.max_uses !== null ? ` / ${code.max_uses}` : ''}
        </span>
      </Cell>
      <Cell label="Paid">
        <span className="tabular-nums">{code.paid_orders}</span>
      </Cell>
      <Cell label="Revenue">
        <span className="whitespace-nowrap tabular-nums">{formatMoney(code.revenue_minor, event.currency)}</span>
      </Cell>
      <Cell wide>
        <div className="flex flex-wrap justify-end gap-2 max-sm:justify-start">
          {code.batch_id ? (
            <a className={buttonClasses('xs', 'secondary')} href={codeBatchExportUrl(event.id, code.batch_id)} download>
              Export CSV<span className="sr-only"> of {name}</span>
            </a>
          ) : null}
          {editable ? (
            <Button
              size="xs"
              variant="secondary"
              disabled={toggle.isPending}
              aria-label={`${code.disabled ? 'Enable' : 'Disable'} ${name}`}
              onClick={() => toggle.mutate({ codeId: code.id, disabled: !code.disabled })}
            >
              {code.disabled ? 'Enable' : 'Disable'}
            </Button>
          ) : null}
        </div>
      </Cell>
    </tr>
  );
}

export function CodesTable({ codes, event, editable }: { codes: CodeDto[]; event: EventDto; editable: boolean }) {
  return (
    <div className="sm:overflow-x-auto">
      <table className="text-muted-foreground w-full text-left text-sm sm:min-w-[520px]">
        <caption className="sr-only">Codes with their uses, paid orders and revenue</caption>
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
          {codes.map((code) => (
            <CodeRow key={code.id} code={code} event={event} editable={editable} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
