// The command palette (Ctrl/Cmd+K): a combobox over the sidebar's destinations. Typing filters them, the
// arrow keys move, Enter or a click goes there and closes the palette, Escape or a backdrop click closes it.
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import { filterNavItems, navItemsFor, type NavItem } from '../lib/nav-items';
import { useOrganizationRole } from '../../../lib/organization-info';
import { fieldFocusClasses } from '../../../components/ui/input';
import { useModalFocus } from '../../../components/ui/use-modal-focus';
import { ArrowIcon, NavIcon, SearchIcon } from './icons';

export function CommandPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  if (!open) return null;
  // Mounted fresh on every opening, so the query and the highlighted entry start over.
  return <CommandPalettePanel onClose={onClose} />;
}

function CommandPalettePanel({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const panel = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const baseId = useId();
  const listId = `${baseId}-list`;
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const role = useOrganizationRole();
  const results = filterNavItems(query, navItemsFor(role));
  const active = results.length > 0 ? Math.min(activeIndex, results.length - 1) : -1;

  useModalFocus(true, panel, onClose);

  const choose = (item: NavItem) => {
    onClose();
    void navigate(item.to);
  };

  const moveTo = (index: number) => {
    setActiveIndex(index);
    list.current?.querySelector(`#${CSS.escape(optionId(index))}`)?.scrollIntoView({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (results.length === 0) return;
    const last = results.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        moveTo(active >= last ? 0 : active + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        moveTo(active <= 0 ? last : active - 1);
        break;
      case 'Home':
        event.preventDefault();
        moveTo(0);
        break;
      case 'End':
        event.preventDefault();
        moveTo(last);
        break;
      case 'Enter': {
        event.preventDefault();
        const item = results[active];
        if (item) choose(item);
        break;
      }
    }
  };

  return createPortal(
    <div
      className="fixed inset-0 z-[60] flex items-start justify-center bg-black/60 px-4 pt-[12vh] backdrop-blur-sm animate-[fade-in_0.15s_ease-out] motion-reduce:animate-none"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      data-testid="command-palette-backdrop"
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label="Command palette"
        className="bg-card text-foreground border-border w-full max-w-lg overflow-hidden rounded-2xl border shadow-2xl"
      >
        <div className="border-border flex items-center gap-3 border-b px-4">
          <SearchIcon className="text-muted-foreground h-5 w-5 shrink-0" />
          <input
            data-autofocus
            type="text"
            role="combobox"
            aria-label="Search the dashboard"
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            spellCheck={false}
            placeholder="SEARCH..."
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActiveIndex(0);
            }}
            onKeyDown={onKeyDown}
            className={`placeholder:text-muted-foreground h-14 w-full rounded-md bg-transparent px-1 font-mono text-sm tracking-wide ${fieldFocusClasses}`}
          />
          <kbd className="border-border text-muted-foreground hidden rounded border px-1.5 py-0.5 font-mono text-[10px] sm:inline">
            ESC
          </kbd>
        </div>
        {results.length > 0 ? (
          <p
            aria-hidden="true"
            className="text-muted-foreground px-5 pt-3 font-mono text-[10px] font-semibold tracking-widest uppercase"
          >
            Go to
          </p>
        ) : null}
        <ul
          ref={list}
          id={listId}
          role="listbox"
          aria-label="Dashboard pages"
          className={`max-h-[300px] overflow-auto ${results.length > 0 ? 'px-2 pt-1 pb-2' : ''}`}
        >
          {results.map((item, index) => (
            <li
              key={item.to}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              onMouseMove={() => {
                if (index !== active) setActiveIndex(index);
              }}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(item)}
              className={`flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-sm ${
                index === active ? 'bg-muted text-foreground' : 'text-muted-foreground'
              }`}
            >
              <NavIcon name={item.icon} className={`h-5 w-5 shrink-0 ${index === active ? 'text-primary' : ''}`} />
              <span className="font-medium">{item.label}</span>
              {index === active ? <ArrowIcon className="text-muted-foreground ml-auto h-4 w-4" /> : null}
            </li>
          ))}
        </ul>
        {/* Always mounted, so screen readers hear the count change as the query changes. */}
        <p
          role="status"
          className={results.length === 0 ? 'text-muted-foreground px-4 py-10 text-center text-sm' : 'sr-only'}
        >
          {results.length === 0 ? 'No results found.' : `${results.length} ${results.length === 1 ? 'page' : 'pages'}`}
        </p>
      </div>
    </div>,
    document.body,
  );
}
