// Which columns of the customers table are shown: the spec's defaults until the organiser changes them, then
// their choice, remembered in this browser (localStorage).
import { useCallback, useState } from 'react';
import { CUSTOMER_COLUMNS, type CustomerColumnKey } from '@marquee/shared';

export const COLUMNS_STORAGE_KEY = 'marquee.customers.columns';

const defaults = (): CustomerColumnKey[] =>
  CUSTOMER_COLUMNS.filter((column) => column.defaultVisible).map((column) => column.key);

function read(): CustomerColumnKey[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(COLUMNS_STORAGE_KEY) ?? 'null');
    if (!Array.isArray(stored)) return defaults();
    const known = CUSTOMER_COLUMNS.map((column) => column.key).filter((key) => stored.includes(key));
    return known.length > 0 ? known : defaults();
  } catch {
    return defaults();
  }
}

export function useVisibleColumns() {
  const [visible, setVisible] = useState<CustomerColumnKey[]>(read);
  const toggle = useCallback((key: CustomerColumnKey) => {
    setVisible((current) => {
      const next = current.includes(key) ? current.filter((item) => item !== key) : [...current, key];
      // Name always stays, so a row can still be recognised and opened.
      const ordered = CUSTOMER_COLUMNS.map((column) => column.key).filter(
        (item) => item === 'name' || next.includes(item),
      );
      try {
        localStorage.setItem(COLUMNS_STORAGE_KEY, JSON.stringify(ordered));
      } catch {
        // Private mode or a full store: the choice lasts for this visit only.
      }
      return ordered;
    });
  }, []);
  return { visible, toggle };
}
